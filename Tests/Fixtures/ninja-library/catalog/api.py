"""The library's API as Django Ninja's own docs build one (v1.7.1):

- Tutorial "CRUD example" (docs/docs/tutorial/other/crud.md): operations on
  the NinjaAPI itself (`/books`, `/books/{book_id}`), input and output
  schemas, create with POST answering `{"id": ...}`, retrieve with
  get_object_or_404, update with PUT answering `{"success": true}`, delete;
  a foreign key as `<name>_id` (its `department_id`);
- Quick Start, "Models & Schemas" (django-ninja.dev/quickstart/models-and-schemas/)
  and the pagination guide (docs/docs/guides/response/pagination.md):
  `@paginate` on lists with the default LimitOffsetPagination: `limit`
  (default 100) and `offset`, answering `{"items": [...], "count": N}`.
The document is NinjaAPI's own, at /api/openapi.json.
"""
from typing import List

from django.shortcuts import get_object_or_404
from ninja import NinjaAPI, Schema
from ninja.pagination import paginate

from library_catalog.models import Author, Book, Publisher

api = NinjaAPI(title="Library", version="1.0.0")


class PublisherIn(Schema):
    name: str
    country: str


class PublisherOut(Schema):
    id: int
    name: str
    country: str


class AuthorIn(Schema):
    name: str
    email: str


class AuthorOut(Schema):
    id: int
    name: str
    email: str


class BookIn(Schema):
    title: str
    year: int
    pages: int
    publisher_id: int
    author_id: int
    in_print: bool = True


class BookOut(Schema):
    id: int
    title: str
    year: int
    pages: int
    publisher_id: int
    author_id: int
    in_print: bool


@api.post("/publishers")
def create_publisher(request, payload: PublisherIn):
    publisher = Publisher.objects.create(**payload.dict())
    return {"id": publisher.id}


@api.get("/publishers", response=List[PublisherOut])
@paginate
def list_publishers(request):
    return Publisher.objects.all()


@api.get("/publishers/{publisher_id}", response=PublisherOut)
def get_publisher(request, publisher_id: int):
    return get_object_or_404(Publisher, id=publisher_id)


@api.put("/publishers/{publisher_id}")
def update_publisher(request, publisher_id: int, payload: PublisherIn):
    publisher = get_object_or_404(Publisher, id=publisher_id)
    for attr, value in payload.dict().items():
        setattr(publisher, attr, value)
    publisher.save()
    return {"success": True}


@api.delete("/publishers/{publisher_id}")
def delete_publisher(request, publisher_id: int):
    get_object_or_404(Publisher, id=publisher_id).delete()
    return {"success": True}


@api.post("/authors")
def create_author(request, payload: AuthorIn):
    author = Author.objects.create(**payload.dict())
    return {"id": author.id}


@api.get("/authors", response=List[AuthorOut])
@paginate
def list_authors(request):
    return Author.objects.all()


@api.get("/authors/{author_id}", response=AuthorOut)
def get_author(request, author_id: int):
    return get_object_or_404(Author, id=author_id)


@api.put("/authors/{author_id}")
def update_author(request, author_id: int, payload: AuthorIn):
    author = get_object_or_404(Author, id=author_id)
    for attr, value in payload.dict().items():
        setattr(author, attr, value)
    author.save()
    return {"success": True}


@api.delete("/authors/{author_id}")
def delete_author(request, author_id: int):
    get_object_or_404(Author, id=author_id).delete()
    return {"success": True}


@api.post("/books")
def create_book(request, payload: BookIn):
    book = Book.objects.create(**payload.dict())
    return {"id": book.id}


@api.get("/books", response=List[BookOut])
@paginate
def list_books(request):
    return Book.objects.all()


@api.get("/books/{book_id}", response=BookOut)
def get_book(request, book_id: int):
    return get_object_or_404(Book, id=book_id)


@api.put("/books/{book_id}")
def update_book(request, book_id: int, payload: BookIn):
    book = get_object_or_404(Book, id=book_id)
    for attr, value in payload.dict().items():
        setattr(book, attr, value)
    book.save()
    return {"success": True}


@api.delete("/books/{book_id}")
def delete_book(request, book_id: int):
    get_object_or_404(Book, id=book_id).delete()
    return {"success": True}
