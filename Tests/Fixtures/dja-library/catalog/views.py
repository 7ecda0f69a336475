"""DJA's ModelViewSet (rest_framework_json_api.views), one per model, with the
filters docs/usage.md describes: `sort` (OrderingFilter), `filter[field]`
(DjangoFilterBackend), `filter[search]` (SearchFilter)."""
from rest_framework_json_api import views

from library_catalog.models import Author, Book, Publisher
from .serializers import AuthorSerializer, BookSerializer, PublisherSerializer


class PublisherViewSet(views.ModelViewSet):
    queryset = Publisher.objects.all()
    serializer_class = PublisherSerializer
    filterset_fields = {"country": ["exact"], "name": ["exact", "icontains"]}
    search_fields = ["name"]
    ordering_fields = ["id", "name", "country"]


class AuthorViewSet(views.ModelViewSet):
    queryset = Author.objects.all()
    serializer_class = AuthorSerializer
    filterset_fields = {"name": ["exact", "icontains"]}
    search_fields = ["name", "email"]
    ordering_fields = ["id", "name", "email"]


class BookViewSet(views.ModelViewSet):
    queryset = Book.objects.all()
    serializer_class = BookSerializer
    filterset_fields = {
        "publisher": ["exact"],
        "author": ["exact"],
        "in_print": ["exact"],
        "year": ["exact", "gte", "lte", "gt", "lt"],
        "pages": ["exact", "gte", "lte", "gt", "lt"],
        "title": ["exact", "icontains"],
    }
    search_fields = ["title"]
    ordering_fields = ["id", "title", "year", "pages"]
