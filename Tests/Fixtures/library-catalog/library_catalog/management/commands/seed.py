"""Fills an empty database with the tests' library (library_data.py: 12
publishers, 20 authors, 64 books, with their ids)."""
from django.core.management.base import BaseCommand
from django.db import transaction

from library_catalog.models import Author, Book, Publisher
from library_data import AUTHORS, BOOKS, PUBLISHERS


class Command(BaseCommand):
    help = "Seeds an empty library (publishers, authors, books)."

    @transaction.atomic
    def handle(self, *args, **options):
        if Publisher.objects.exists():
            return
        Publisher.objects.bulk_create(Publisher(**row) for row in PUBLISHERS)
        Author.objects.bulk_create(Author(**row) for row in AUTHORS)
        Book.objects.bulk_create(Book(**row) for row in BOOKS)
