#!/usr/bin/env python3
"""Writes a large OpenAPI 3.1 document (what a big real service publishes):
COUNT collections, each with a list path, a record path (GET/PATCH/PUT/
DELETE), a create form and a schema of a dozen properties, one of them a
foreign key to the collection before it. 5,000 collections make about 26 MB
as indented JSON (`--yaml` writes YAML instead, through PyYAML if present).

Usage: scripts/generate-large-openapi.py [COUNT] > doc.json
Used to measure how fast a large document lists its first collections
(docs/TESTING-FAULTS.md); nothing large is committed."""
import json
import sys


def collection(index):
    name = f"things{index}"
    schema = f"Thing{index}"
    properties = {
        "id": {"type": "integer", "readOnly": True},
        "name": {"type": "string", "description": f"The name of thing {index}, as people call it."},
        "status": {"type": "string", "enum": ["draft", "active", "retired"]},
        "done": {"type": "boolean"},
        "created_at": {"type": "string", "format": "date-time"},
        "updated_at": {"type": "string", "format": "date-time"},
        "owner": {"type": "string", "maxLength": 80},
        "priority": {"type": "integer", "minimum": 0, "maximum": 9},
        "notes": {"type": ["string", "null"], "description": "Free text, as long as it needs to be."},
        "tags": {"type": "array", "items": {"type": "string"}},
        "score": {"type": "number"},
    }
    if index > 0:
        properties[f"thing{index - 1}_id"] = {"type": "integer"}
    body = {"content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}}}
    record = {"description": "The record", **body}
    missing = {"description": "No such record"}
    parameters = [
        {"name": "_page", "in": "query", "schema": {"type": "integer", "minimum": 1}},
        {"name": "_per_page", "in": "query", "schema": {"type": "integer", "minimum": 1}},
        {"name": "_sort", "in": "query", "schema": {"type": "string"}},
        {"name": "q", "in": "query", "schema": {"type": "string"}},
    ]
    id_parameter = [{"name": "id", "in": "path", "required": True, "schema": {"type": "integer"}}]
    paths = {
        f"/{name}": {
            "get": {
                "summary": f"List {name}",
                "operationId": f"list_{name}",
                "parameters": parameters,
                "responses": {
                    "200": {
                        "description": "The records",
                        "content": {
                            "application/json": {
                                "schema": {"type": "array", "items": {"$ref": f"#/components/schemas/{schema}"}}
                            }
                        },
                    }
                },
            },
            "post": {
                "summary": f"Create one of {name}",
                "operationId": f"create_{name}",
                "requestBody": body,
                "responses": {"201": record},
            },
        },
        f"/{name}/{{id}}": {
            "parameters": id_parameter,
            "get": {"operationId": f"get_{name}", "responses": {"200": record, "404": missing}},
            "patch": {"operationId": f"patch_{name}", "requestBody": body, "responses": {"200": record}},
            "put": {"operationId": f"put_{name}", "requestBody": body, "responses": {"200": record}},
            "delete": {"operationId": f"delete_{name}", "responses": {"204": {"description": "Deleted"}}},
        },
    }
    return paths, schema, {"type": "object", "required": ["name"], "properties": properties}


def document(count):
    paths, schemas = {}, {}
    for index in range(count):
        more, name, schema = collection(index)
        paths.update(more)
        schemas[name] = schema
    return {
        "openapi": "3.1.0",
        "info": {"title": "A large service", "version": "1.0.0"},
        "paths": paths,
        "components": {"schemas": schemas},
    }


if __name__ == "__main__":
    arguments = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(arguments[0]) if arguments else 5000
    doc = document(count)
    if "--yaml" in sys.argv:
        import yaml

        yaml.safe_dump(doc, sys.stdout, sort_keys=False)
    else:
        json.dump(doc, sys.stdout, indent=2)
