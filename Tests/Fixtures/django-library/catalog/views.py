"""One ModelViewSet per model; authors page by limit/offset. Editions are
the books again through a read-only view that only sorts: no SearchFilter,
no django-filter, so it ignores `search=` and every filter."""
from rest_framework import filters, viewsets

from library_catalog.models import Author, Book, Publisher
from .pagination import LimitOffset
from .serializers import AuthorSerializer, BookSerializer, PublisherSerializer


class PublisherViewSet(viewsets.ModelViewSet):
    queryset = Publisher.objects.all()
    serializer_class = PublisherSerializer
    filterset_fields = ["country"]
    search_fields = ["name"]
    ordering_fields = ["id", "name", "country"]


class AuthorViewSet(viewsets.ModelViewSet):
    queryset = Author.objects.all()
    serializer_class = AuthorSerializer
    pagination_class = LimitOffset
    search_fields = ["name", "email"]
    ordering_fields = ["id", "name", "email"]


class BookViewSet(viewsets.ModelViewSet):
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


class EditionViewSet(viewsets.ReadOnlyModelViewSet):
    queryset = Book.objects.all()
    serializer_class = BookSerializer
    filter_backends = [filters.OrderingFilter]
    ordering_fields = ["id", "title", "year", "pages"]
