"""DJA's ModelSerializer (docs/usage.md: "import ModelSerializer variants from
rest_framework_json_api"); every field, so a foreign key becomes DJA's default
ResourceRelatedField: a relationship `{"data": {"type": ..., "id": ...}}`."""
from rest_framework_json_api import serializers

from library_catalog.models import Author, Book, Publisher


class PublisherSerializer(serializers.ModelSerializer):
    class Meta:
        model = Publisher
        fields = ["name", "country"]


class AuthorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Author
        fields = ["name", "email"]


class BookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Book
        fields = ["title", "year", "pages", "publisher", "author", "in_print"]
