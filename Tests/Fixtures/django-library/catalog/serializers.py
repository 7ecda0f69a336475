"""ModelSerializers: every field, relations as primary keys (DRF's default)."""
from rest_framework import serializers

from library_catalog.models import Author, Book, Publisher


class PublisherSerializer(serializers.ModelSerializer):
    class Meta:
        model = Publisher
        fields = ["id", "name", "country"]


class AuthorSerializer(serializers.ModelSerializer):
    class Meta:
        model = Author
        fields = ["id", "name", "email"]


class BookSerializer(serializers.ModelSerializer):
    class Meta:
        model = Book
        fields = ["id", "title", "year", "pages", "publisher", "author", "in_print"]
