"""Publishers, authors and their books (app label `catalog`)."""
from django.db import models


class Publisher(models.Model):
    name = models.CharField(max_length=100)
    country = models.CharField(max_length=2)

    class Meta:
        ordering = ["id"]


class Author(models.Model):
    name = models.CharField(max_length=100)
    email = models.EmailField()

    class Meta:
        ordering = ["id"]


class Book(models.Model):
    title = models.CharField(max_length=200)
    year = models.IntegerField()
    pages = models.IntegerField()
    publisher = models.ForeignKey(Publisher, on_delete=models.CASCADE, related_name="books")
    author = models.ForeignKey(Author, on_delete=models.CASCADE, related_name="books")
    in_print = models.BooleanField(default=True)

    class Meta:
        ordering = ["id"]
