"""Fills an empty database with the tests' library: 12 publishers, 20
authors, 64 books (Sources/TestSupport/DjangoServer.swift states the same
numbers and names)."""
from django.core.management.base import BaseCommand
from django.db import transaction

from catalog.models import Author, Book, Publisher

PUBLISHERS = [
    ("Harbor House", "NZ"), ("Lantern Press", "DE"), ("Quill & Co", "BR"), ("North Star", "JP"),
    ("Ember Books", "NZ"), ("Saltmarsh", "DE"), ("Blue Heron", "BR"), ("Copperfield", "JP"),
    ("Juniper", "NZ"), ("Old Mill", "DE"), ("Riverbend", "BR"), ("Tidewater", "JP"),
]
AUTHORS = [
    "Imani Okafor", "Lena Vogel", "Rafael Souza", "Aiko Tanaka", "Mere Parata", "Jonas Berg",
    "Clara Nunes", "Kenji Mori", "Ada Lindqvist", "Tomas Ruiz", "Nia Mensah", "Ola Nordmann",
    "Priya Raman", "Sean Byrne", "Yara Haddad", "Lukas Novak", "Maya Levi", "Omar Farouk",
    "Ines Costa", "Hana Sato",
]
BOOKS = 64


class Command(BaseCommand):
    help = "Seeds an empty library (publishers, authors, books)."

    @transaction.atomic
    def handle(self, *args, **options):
        if Publisher.objects.exists():
            return
        publishers = [Publisher.objects.create(name=name, country=country) for name, country in PUBLISHERS]
        authors = [
            Author.objects.create(name=name, email=name.lower().replace(" ", ".") + "@example.org")
            for name in AUTHORS
        ]
        for number in range(1, BOOKS + 1):
            Book.objects.create(
                title=f"Chronicle {number}",
                year=1940 + number,
                pages=100 + number * 7 % 400,
                publisher=publishers[(number - 1) % len(publishers)],
                author=authors[number * 7 % len(authors)],
                in_print=number % 3 != 0,
            )
