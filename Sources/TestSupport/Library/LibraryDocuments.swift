import Foundation

/// The OpenAPI documents the ``LibraryTestServer`` publishes.
///
/// `fastAPI` is FastAPI 0.165 + fastapi-pagination 0.16's own output (3.1,
/// JSON), generated once from a FastAPI model of the same library — `anyOf`
/// with `null` for optional fields, `$ref`s into `components`, a
/// `Page[Book]` envelope (`items`/`total`/`page`/`size`/`pages`), a
/// `results`/`count` envelope and limit/offset paging — and committed
/// here so the tests need no Python.
public enum LibraryDocuments {
    public static let fastAPI = #"""
        {
         "openapi": "3.1.0",
         "info": {
          "title": "Library",
          "version": "1.0.0"
         },
         "paths": {
          "/authors": {
           "get": {
            "summary": "List Authors",
            "operationId": "list_authors_authors_get",
            "parameters": [
             {
              "name": "limit",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "maximum": 10,
               "minimum": 1,
               "default": 10,
               "title": "Limit"
              }
             },
             {
              "name": "offset",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "minimum": 0,
               "default": 0,
               "title": "Offset"
              }
             },
             {
              "name": "country",
              "in": "query",
              "required": false,
              "schema": {
               "anyOf": [
                {
                 "type": "string"
                },
                {
                 "type": "null"
                }
               ],
               "title": "Country"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Author"
                 },
                 "title": "Response List Authors Authors Get"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/authors/{author_id}": {
           "get": {
            "summary": "Get Author",
            "operationId": "get_author_authors__author_id__get",
            "parameters": [
             {
              "name": "author_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "title": "Author Id"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Author"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/authors/{author_id}/books": {
           "get": {
            "summary": "Author Books",
            "operationId": "author_books_authors__author_id__books_get",
            "parameters": [
             {
              "name": "author_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "title": "Author Id"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "type": "array",
                 "items": {
                  "$ref": "#/components/schemas/Book"
                 },
                 "title": "Response Author Books Authors  Author Id  Books Get"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/books": {
           "get": {
            "summary": "List Books",
            "operationId": "list_books_books_get",
            "security": [
             {
              "HTTPBearer": []
             }
            ],
            "parameters": [
             {
              "name": "genre",
              "in": "query",
              "required": false,
              "schema": {
               "anyOf": [
                {
                 "$ref": "#/components/schemas/Genre"
                },
                {
                 "type": "null"
                }
               ],
               "title": "Genre"
              }
             },
             {
              "name": "sort",
              "in": "query",
              "required": false,
              "schema": {
               "anyOf": [
                {
                 "type": "string"
                },
                {
                 "type": "null"
                }
               ],
               "title": "Sort"
              }
             },
             {
              "name": "page",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "minimum": 1,
               "description": "Page number",
               "default": 1,
               "title": "Page"
              },
              "description": "Page number"
             },
             {
              "name": "size",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "maximum": 15,
               "minimum": 1,
               "default": 15,
               "title": "Size"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Page_Book_"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           },
           "post": {
            "summary": "Create Book",
            "operationId": "create_book_books_post",
            "requestBody": {
             "required": true,
             "content": {
              "application/json": {
               "schema": {
                "$ref": "#/components/schemas/BookCreate"
               }
              }
             }
            },
            "responses": {
             "201": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Book"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/books/{book_id}": {
           "get": {
            "summary": "Get Book",
            "operationId": "get_book_books__book_id__get",
            "parameters": [
             {
              "name": "book_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "format": "uuid",
               "title": "Book Id"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Book"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           },
           "patch": {
            "summary": "Update Book",
            "operationId": "update_book_books__book_id__patch",
            "parameters": [
             {
              "name": "book_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "format": "uuid",
               "title": "Book Id"
              }
             }
            ],
            "requestBody": {
             "required": true,
             "content": {
              "application/json": {
               "schema": {
                "$ref": "#/components/schemas/BookUpdate"
               }
              }
             }
            },
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Book"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           },
           "delete": {
            "summary": "Delete Book",
            "operationId": "delete_book_books__book_id__delete",
            "parameters": [
             {
              "name": "book_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "string",
               "format": "uuid",
               "title": "Book Id"
              }
             }
            ],
            "responses": {
             "204": {
              "description": "Successful Response"
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/reviews": {
           "get": {
            "summary": "List Reviews",
            "operationId": "list_reviews_reviews_get",
            "parameters": [
             {
              "name": "limit",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "maximum": 50,
               "minimum": 1,
               "default": 10,
               "title": "Limit"
              }
             },
             {
              "name": "offset",
              "in": "query",
              "required": false,
              "schema": {
               "type": "integer",
               "minimum": 0,
               "default": 0,
               "title": "Offset"
              }
             },
             {
              "name": "book_id",
              "in": "query",
              "required": false,
              "schema": {
               "anyOf": [
                {
                 "type": "string",
                 "format": "uuid"
                },
                {
                 "type": "null"
                }
               ],
               "title": "Book Id"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/ReviewPage"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/reviews/{review_id}": {
           "get": {
            "summary": "Get Review",
            "operationId": "get_review_reviews__review_id__get",
            "parameters": [
             {
              "name": "review_id",
              "in": "path",
              "required": true,
              "schema": {
               "type": "integer",
               "title": "Review Id"
              }
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/Review"
                }
               }
              }
             },
             "422": {
              "description": "Validation Error",
              "content": {
               "application/json": {
                "schema": {
                 "$ref": "#/components/schemas/HTTPValidationError"
                }
               }
              }
             }
            }
           }
          },
          "/events": {
           "get": {
            "summary": "List Events",
            "operationId": "list_events_events_get",
            "parameters": [
             {
              "name": "cursor",
              "in": "query",
              "required": false,
              "schema": {
               "anyOf": [{"type": "string"}, {"type": "null"}],
               "title": "Cursor"
              }
             },
             {
              "name": "limit",
              "in": "query",
              "required": false,
              "schema": {"type": "integer", "maximum": 10, "minimum": 1, "default": 10, "title": "Limit"}
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {
               "application/json": {
                "schema": {"$ref": "#/components/schemas/EventPage"}
               }
              }
             }
            }
           }
          },
          "/loans": {
           "get": {
            "summary": "List Loans",
            "operationId": "list_loans_loans_get",
            "parameters": [
             {"name": "after", "in": "query", "required": false, "schema": {"type": "string", "title": "After"}},
             {
              "name": "limit",
              "in": "query",
              "required": false,
              "schema": {"type": "integer", "maximum": 5, "minimum": 1, "default": 5, "title": "Limit"}
             }
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "headers": {"Link": {"description": "rel=next: the next page", "schema": {"type": "string"}}},
              "content": {
               "application/json": {
                "schema": {"type": "array", "items": {"$ref": "#/components/schemas/Loan"}}
               }
              }
             }
            }
           }
          },
          "/events/{event_id}": {
           "get": {
            "summary": "Get Event",
            "operationId": "get_event_events__event_id__get",
            "parameters": [
             {"name": "event_id", "in": "path", "required": true, "schema": {"type": "string", "title": "Event Id"}}
            ],
            "responses": {
             "200": {
              "description": "Successful Response",
              "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Event"}}}
             }
            }
           }
          }
         },
         "components": {
          "schemas": {
           "Loan": {
            "properties": {
             "id": {"type": "string", "title": "Id"},
             "reader": {"type": "string", "title": "Reader"}
            },
            "type": "object",
            "required": ["id", "reader"],
            "title": "Loan"
           },
           "Event": {
            "properties": {
             "id": {"type": "string", "title": "Id"},
             "kind": {"type": "string", "title": "Kind"},
             "book_id": {"type": "string", "format": "uuid", "title": "Book Id"}
            },
            "type": "object",
            "required": ["id", "kind", "book_id"],
            "title": "Event"
           },
           "EventPage": {
            "properties": {
             "data": {"items": {"$ref": "#/components/schemas/Event"}, "type": "array", "title": "Data"},
             "next_cursor": {"anyOf": [{"type": "string"}, {"type": "null"}], "title": "Next Cursor"}
            },
            "type": "object",
            "required": ["data", "next_cursor"],
            "title": "EventPage"
           },
           "Author": {
            "properties": {
             "id": {
              "type": "string",
              "title": "Id"
             },
             "name": {
              "type": "string",
              "title": "Name"
             },
             "country": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "type": "null"
               }
              ],
              "title": "Country"
             },
             "born": {
              "type": "integer",
              "title": "Born"
             }
            },
            "type": "object",
            "required": [
             "id",
             "name",
             "born"
            ],
            "title": "Author"
           },
           "Book": {
            "properties": {
             "id": {
              "type": "string",
              "format": "uuid",
              "title": "Id"
             },
             "title": {
              "type": "string",
              "title": "Title"
             },
             "author_id": {
              "type": "string",
              "title": "Author Id"
             },
             "year": {
              "type": "integer",
              "title": "Year"
             },
             "available": {
              "type": "boolean",
              "title": "Available"
             },
             "genre": {
              "$ref": "#/components/schemas/Genre"
             }
            },
            "type": "object",
            "required": [
             "id",
             "title",
             "author_id",
             "year",
             "available",
             "genre"
            ],
            "title": "Book"
           },
           "BookCreate": {
            "properties": {
             "title": {
              "type": "string",
              "maxLength": 200,
              "minLength": 1,
              "title": "Title"
             },
             "author_id": {
              "type": "string",
              "title": "Author Id"
             },
             "year": {
              "type": "integer",
              "maximum": 2100.0,
              "minimum": 1400.0,
              "title": "Year"
             },
             "available": {
              "type": "boolean",
              "title": "Available",
              "default": true
             },
             "genre": {
              "$ref": "#/components/schemas/Genre"
             }
            },
            "type": "object",
            "required": [
             "title",
             "author_id",
             "year",
             "genre"
            ],
            "title": "BookCreate"
           },
           "BookUpdate": {
            "properties": {
             "title": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "type": "null"
               }
              ],
              "title": "Title"
             },
             "author_id": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "type": "null"
               }
              ],
              "title": "Author Id"
             },
             "year": {
              "anyOf": [
               {
                "type": "integer",
                "maximum": 2100.0,
                "minimum": 1400.0
               },
               {
                "type": "null"
               }
              ],
              "title": "Year"
             },
             "available": {
              "anyOf": [
               {
                "type": "boolean"
               },
               {
                "type": "null"
               }
              ],
              "title": "Available"
             },
             "genre": {
              "anyOf": [
               {
                "$ref": "#/components/schemas/Genre"
               },
               {
                "type": "null"
               }
              ]
             }
            },
            "type": "object",
            "title": "BookUpdate"
           },
           "Genre": {
            "type": "string",
            "enum": [
             "novel",
             "poetry",
             "essay"
            ],
            "title": "Genre"
           },
           "HTTPValidationError": {
            "properties": {
             "detail": {
              "items": {
               "$ref": "#/components/schemas/ValidationError"
              },
              "type": "array",
              "title": "Detail"
             }
            },
            "type": "object",
            "title": "HTTPValidationError"
           },
           "Page_Book_": {
            "properties": {
             "items": {
              "items": {
               "$ref": "#/components/schemas/Book"
              },
              "type": "array",
              "title": "Items"
             },
             "total": {
              "type": "integer",
              "minimum": 0.0,
              "title": "Total"
             },
             "page": {
              "type": "integer",
              "minimum": 1.0,
              "title": "Page"
             },
             "size": {
              "type": "integer",
              "minimum": 1.0,
              "title": "Size"
             },
             "pages": {
              "type": "integer",
              "minimum": 0.0,
              "title": "Pages"
             }
            },
            "type": "object",
            "required": [
             "items",
             "total",
             "page",
             "size",
             "pages"
            ],
            "title": "Page[Book]"
           },
           "Review": {
            "properties": {
             "id": {
              "type": "integer",
              "title": "Id"
             },
             "book_id": {
              "type": "string",
              "format": "uuid",
              "title": "Book Id"
             },
             "stars": {
              "type": "integer",
              "maximum": 5.0,
              "minimum": 1.0,
              "title": "Stars"
             },
             "text": {
              "type": "string",
              "title": "Text"
             }
            },
            "type": "object",
            "required": [
             "id",
             "book_id",
             "stars",
             "text"
            ],
            "title": "Review"
           },
           "ReviewPage": {
            "properties": {
             "results": {
              "items": {
               "$ref": "#/components/schemas/Review"
              },
              "type": "array",
              "title": "Results"
             },
             "count": {
              "type": "integer",
              "title": "Count"
             },
             "next": {
              "anyOf": [
               {
                "type": "string"
               },
               {
                "type": "null"
               }
              ],
              "title": "Next"
             }
            },
            "type": "object",
            "required": [
             "results",
             "count"
            ],
            "title": "ReviewPage"
           },
           "ValidationError": {
            "properties": {
             "loc": {
              "items": {
               "anyOf": [
                {
                 "type": "string"
                },
                {
                 "type": "integer"
                }
               ]
              },
              "type": "array",
              "title": "Location"
             },
             "msg": {
              "type": "string",
              "title": "Message"
             },
             "type": {
              "type": "string",
              "title": "Error Type"
             },
             "input": {
              "title": "Input"
             },
             "ctx": {
              "type": "object",
              "title": "Context"
             }
            },
            "type": "object",
            "required": [
             "loc",
             "msg",
             "type"
            ],
            "title": "ValidationError"
           }
          },
          "securitySchemes": {
           "HTTPBearer": {
            "type": "http",
            "scheme": "bearer"
           }
          }
         }
        }

        """#
}
