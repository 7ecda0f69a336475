#!/usr/bin/env python3
"""The library served by FastAPI 0.165, written as its tutorial writes an
API (docs "First Steps", "Request Body", "Response Model", "Body - Updates":
pydantic models, `response_model`, a `PATCH` that applies
`model_dump(exclude_unset=True)`), with the records kept in memory as the
tutorial's examples keep them, seeded from
Tests/Fixtures/library-catalog/library_data.py.

Publishers and authors are read as lists and one by one. Books are read
only as a list: `GET /books` and `POST /books`, then `PATCH` and `DELETE
/books/{book_id}` and no `GET` of one book — a service whose records are
changed one by one and read in the list, which FastAPI's own document
(`/openapi.json`) then says. FastAPI answers a `GET /books/1` with 405
Method Not Allowed and `Allow: PATCH` (its router's first match).

    python app.py PORT    (on 127.0.0.1; uvicorn's access log on stderr)
"""
import os
import runpy
import sys
from typing import Optional

import uvicorn
from fastapi import FastAPI, HTTPException
from pydantic import BaseModel

data = runpy.run_path(os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "library-catalog",
                                   "library_data.py"))

app = FastAPI(title="Library API", version="1.0")


class Publisher(BaseModel):
    id: int
    name: str
    country: str


class Author(BaseModel):
    id: int
    name: str
    email: str


class BookIn(BaseModel):
    title: str
    year: int
    pages: int
    publisher_id: int
    author_id: int
    in_print: bool = True


class Book(BookIn):
    id: int


class BookUpdate(BaseModel):
    title: Optional[str] = None
    year: Optional[int] = None
    pages: Optional[int] = None
    publisher_id: Optional[int] = None
    author_id: Optional[int] = None
    in_print: Optional[bool] = None


publishers = {row["id"]: Publisher(**row) for row in data["PUBLISHERS"]}
authors = {row["id"]: Author(**row) for row in data["AUTHORS"]}
books = {row["id"]: Book(**row) for row in data["BOOKS"]}


@app.get("/publishers", response_model=list[Publisher])
async def read_publishers():
    return list(publishers.values())


@app.get("/publishers/{publisher_id}", response_model=Publisher)
async def read_publisher(publisher_id: int):
    if publisher_id not in publishers:
        raise HTTPException(status_code=404, detail="Publisher not found")
    return publishers[publisher_id]


@app.get("/authors", response_model=list[Author])
async def read_authors():
    return list(authors.values())


@app.get("/authors/{author_id}", response_model=Author)
async def read_author(author_id: int):
    if author_id not in authors:
        raise HTTPException(status_code=404, detail="Author not found")
    return authors[author_id]


@app.get("/books", response_model=list[Book])
async def read_books():
    return list(books.values())


@app.post("/books", response_model=Book, status_code=201)
async def create_book(book: BookIn):
    created = Book(id=max(books, default=0) + 1, **book.model_dump())
    books[created.id] = created
    return created


@app.patch("/books/{book_id}", response_model=Book)
async def update_book(book_id: int, book: BookUpdate):
    if book_id not in books:
        raise HTTPException(status_code=404, detail="Book not found")
    updated = books[book_id].model_copy(update=book.model_dump(exclude_unset=True))
    books[book_id] = updated
    return updated


@app.delete("/books/{book_id}", status_code=204)
async def delete_book(book_id: int):
    if books.pop(book_id, None) is None:
        raise HTTPException(status_code=404, detail="Book not found")


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]))
