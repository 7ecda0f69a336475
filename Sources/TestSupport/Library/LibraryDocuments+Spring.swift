extension LibraryDocuments {
    /// The same library as a Spring Boot service documents it with
    /// springdoc-openapi (3.0, served as YAML here): paths under `/api`,
    /// camelCase fields, `Page<Book>` as `content`/`totalElements`/`number`/
    /// `size` with 0-based `page`/`size` parameters (`@ParameterObject
    /// Pageable`), `nullable: true`, `PUT` without `PATCH`, integer `int64` formats.
    public static let spring = #"""
        openapi: 3.0.1
        info:
          title: Library
          version: v0
        servers:
        - url: http://localhost:8080
          description: Generated server url
        paths:
          /api/books/{id}:
            get:
              tags:
              - book-controller
              operationId: getBook
              parameters:
              - name: id
                in: path
                required: true
                schema:
                  type: string
                  format: uuid
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        $ref: '#/components/schemas/Book'
            put:
              tags:
              - book-controller
              operationId: replaceBook
              parameters:
              - name: id
                in: path
                required: true
                schema:
                  type: string
                  format: uuid
              requestBody:
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/Book'
                required: true
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        $ref: '#/components/schemas/Book'
            delete:
              tags:
              - book-controller
              operationId: deleteBook
              parameters:
              - name: id
                in: path
                required: true
                schema:
                  type: string
                  format: uuid
              responses:
                "200":
                  description: OK
          /api/books:
            get:
              tags:
              - book-controller
              operationId: listBooks
              parameters:
              - name: genre
                in: query
                required: false
                schema:
                  type: string
                  enum:
                  - novel
                  - poetry
                  - essay
              - name: page
                in: query
                description: Zero-based page index (0..N)
                required: false
                schema:
                  minimum: 0
                  type: integer
                  default: 0
              - name: size
                in: query
                description: The size of the page to be returned
                required: false
                schema:
                  minimum: 1
                  type: integer
                  default: 20
              - name: sort
                in: query
                description: "Sorting criteria in the format: property,(asc|desc)."
                required: false
                schema:
                  type: array
                  items:
                    type: string
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        $ref: '#/components/schemas/PageBook'
            post:
              tags:
              - book-controller
              operationId: createBook
              requestBody:
                content:
                  application/json:
                    schema:
                      $ref: '#/components/schemas/Book'
                required: true
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        $ref: '#/components/schemas/Book'
          /api/authors:
            get:
              tags:
              - author-controller
              operationId: listAuthors
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        type: array
                        items:
                          $ref: '#/components/schemas/Author'
          /api/authors/{id}:
            get:
              tags:
              - author-controller
              operationId: getAuthor
              parameters:
              - name: id
                in: path
                required: true
                schema:
                  type: string
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        $ref: '#/components/schemas/Author'
          /api/authors/{authorId}/books:
            get:
              tags:
              - author-controller
              operationId: booksOfAuthor
              parameters:
              - name: authorId
                in: path
                required: true
                schema:
                  type: string
              responses:
                "200":
                  description: OK
                  content:
                    '*/*':
                      schema:
                        type: array
                        items:
                          $ref: '#/components/schemas/Book'
        components:
          schemas:
            Book:
              required:
              - authorId
              - genre
              - title
              - year
              type: object
              properties:
                id:
                  type: string
                  format: uuid
                  readOnly: true
                title:
                  maxLength: 200
                  minLength: 1
                  type: string
                authorId:
                  type: string
                year:
                  maximum: 2100
                  minimum: 1400
                  type: integer
                  format: int32
                available:
                  type: boolean
                genre:
                  type: string
                  enum:
                  - novel
                  - poetry
                  - essay
            Author:
              required:
              - born
              - name
              type: object
              properties:
                id:
                  type: string
                name:
                  type: string
                country:
                  type: string
                  nullable: true
                born:
                  type: integer
                  format: int32
            PageBook:
              type: object
              properties:
                totalElements:
                  type: integer
                  format: int64
                totalPages:
                  type: integer
                  format: int32
                size:
                  type: integer
                  format: int32
                content:
                  type: array
                  items:
                    $ref: '#/components/schemas/Book'
                number:
                  type: integer
                  format: int32
                sort:
                  $ref: '#/components/schemas/SortObject'
                first:
                  type: boolean
                last:
                  type: boolean
                numberOfElements:
                  type: integer
                  format: int32
                pageable:
                  $ref: '#/components/schemas/PageableObject'
                empty:
                  type: boolean
            PageableObject:
              type: object
              properties:
                offset:
                  type: integer
                  format: int64
                sort:
                  $ref: '#/components/schemas/SortObject'
                pageNumber:
                  type: integer
                  format: int32
                pageSize:
                  type: integer
                  format: int32
                paged:
                  type: boolean
                unpaged:
                  type: boolean
            SortObject:
              type: object
              properties:
                empty:
                  type: boolean
                sorted:
                  type: boolean
                unsorted:
                  type: boolean
        """#
}
