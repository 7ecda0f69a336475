"""The gRPC library service: library.proto served by grpcio on 127.0.0.1
with server reflection (grpcio-reflection, which serves
grpc.reflection.v1alpha only). 120 books, 12 authors, in memory. The proto
is compiled for Python at start (grpcio-tools) into a temporary folder.
Each call is logged on stderr as `CALL /library.v1.Library/ListBooks`; once
listening it prints `serving PORT` on stdout.

    python server.py PORT                      # plaintext
    python server.py PORT CERT.pem KEY.pem     # TLS

With LIBRARY_TOKEN set, every call without the metadata
`authorization: Bearer <LIBRARY_TOKEN>` is refused with UNAUTHENTICATED
(logged as `REFUSED <method>`); LIBRARY_OPEN_REFLECTION=1 leaves server
reflection open to anyone then.
"""

import base64
import importlib
import os
import shutil
import sys
import tempfile
from concurrent import futures

import grpc
from grpc_reflection.v1alpha import reflection
from grpc_tools import protoc

HERE = os.path.dirname(os.path.abspath(__file__))
LARGEST_PAGE = 50
DEFAULT_PAGE = 20

AUTHOR_NAMES = [
    "Ada Lantern", "Basil Quarry", "Cora Vellum", "Dmitri Ash", "Edith Marrow", "Felix Dune",
    "Greta Holm", "Hugo Reed", "Iris Cant", "Jonas Pike", "Kira Wold", "Leo Brandt",
]
TAGS = ["classic", "new", "signed", "illustrated"]


def compile_proto():
    out = tempfile.mkdtemp(prefix="grpc-library-")
    well_known = os.path.join(os.path.dirname(protoc.__file__), "_proto")
    status = protoc.main(
        ["protoc", f"-I{HERE}", f"-I{well_known}", f"--python_out={out}", f"--grpc_python_out={out}", "library.proto"]
    )
    if status != 0:
        sys.exit(f"protoc failed: {status}")
    sys.path.insert(0, out)
    try:
        return importlib.import_module("library_pb2"), importlib.import_module("library_pb2_grpc")
    finally:
        # Loaded: the generated files are not needed again, and a server
        # ended by a signal would leave them behind.
        sys.path.remove(out)
        shutil.rmtree(out, ignore_errors=True)


pb, pb_grpc = compile_proto()

AUTHORS = [
    pb.Author(name=f"authors/{n}", display_name=name, born=1800 + 7 * n, book_count=0)
    for n, name in enumerate(AUTHOR_NAMES, start=1)
]
BOOKS = []
for n in range(1, 121):
    BOOKS.append(
        pb.Book(
            name=f"books/{n}",
            title=f"Volume {n:03d}",
            author=f"authors/{(n - 1) % 12 + 1}",
            year=1900 + (n * 37) % 120,
            genre=n % 4 + 1,
            isbn=9780000000000 + n,
            in_print=n % 3 != 0,
            rating=round(1 + (n * 13 % 40) / 10, 1),
            tags=TAGS[: n % 3],
        )
    )


def page(items, request, context):
    size = request.page_size or DEFAULT_PAGE
    if size < 0:
        context.abort(grpc.StatusCode.INVALID_ARGUMENT, "page_size must not be negative")
    size = min(size, LARGEST_PAGE)
    start = 0
    if request.page_token:
        try:
            start = int(base64.b64decode(request.page_token).decode().split(":", 1)[1])
        except Exception:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "bad page_token")
    chunk = items[start : start + size]
    following = start + size
    token = base64.b64encode(f"offset:{following}".encode()).decode() if following < len(items) else ""
    return chunk, token


def find(items, name, context):
    for item in items:
        if item.name == name:
            return item
    context.abort(grpc.StatusCode.NOT_FOUND, f"{name} not found")


class Library(pb_grpc.LibraryServicer):
    def ListBooks(self, request, context):
        chunk, token = page(BOOKS, request, context)
        return pb.ListBooksResponse(books=chunk, next_page_token=token, total_size=len(BOOKS))

    def GetBook(self, request, context):
        return find(BOOKS, request.name, context)

    def CreateBook(self, request, context):
        if not request.title:
            context.abort(grpc.StatusCode.INVALID_ARGUMENT, "title is required")
        book = pb.Book(
            name=f"books/{len(BOOKS) + 1}", title=request.title, author=request.author, year=request.year,
            genre=request.genre, in_print=True,
        )
        BOOKS.append(book)
        return book

    def ListAuthors(self, request, context):
        chunk, token = page(AUTHORS, request, context)
        counted = [
            pb.Author(name=a.name, display_name=a.display_name, born=a.born,
                      book_count=sum(1 for b in BOOKS if b.author == a.name))
            for a in chunk
        ]
        return pb.ListAuthorsResponse(authors=counted, next_page_token=token)

    def GetAuthor(self, request, context):
        author = find(AUTHORS, request.name, context)
        return pb.Author(name=author.name, display_name=author.display_name, born=author.born,
                         book_count=sum(1 for b in BOOKS if b.author == author.name))

    def CountBooks(self, request, context):
        return pb.CountBooksResponse(count=sum(1 for b in BOOKS if not request.author or b.author == request.author))


class Logging(grpc.ServerInterceptor):
    def intercept_service(self, continuation, handler_call_details):
        print(f"CALL {handler_call_details.method}", file=sys.stderr, flush=True)
        return continuation(handler_call_details)


class TokenCheck(grpc.ServerInterceptor):
    """Refuses a call without `authorization: Bearer <token>` (UNAUTHENTICATED)."""

    def __init__(self, token, open_reflection):
        self.expected = f"Bearer {token}"
        self.open_reflection = open_reflection

    def intercept_service(self, continuation, handler_call_details):
        method = handler_call_details.method
        if self.open_reflection and method.startswith("/grpc.reflection."):
            return continuation(handler_call_details)
        sent = dict(handler_call_details.invocation_metadata or ()).get("authorization")
        if sent == self.expected:
            return continuation(handler_call_details)
        print(f"REFUSED {method}", file=sys.stderr, flush=True)
        handler = continuation(handler_call_details)
        if handler is None:
            return None

        def refuse(request, context):
            context.abort(grpc.StatusCode.UNAUTHENTICATED, "a bearer token is required")

        if handler.stream_stream:
            return grpc.stream_stream_rpc_method_handler(
                refuse, request_deserializer=handler.request_deserializer,
                response_serializer=handler.response_serializer)
        return grpc.unary_unary_rpc_method_handler(
            refuse, request_deserializer=handler.request_deserializer,
            response_serializer=handler.response_serializer)


def main():
    port = int(sys.argv[1])
    interceptors = [Logging()]
    if os.environ.get("LIBRARY_TOKEN"):
        interceptors.append(TokenCheck(os.environ["LIBRARY_TOKEN"], os.environ.get("LIBRARY_OPEN_REFLECTION") == "1"))
    server = grpc.server(futures.ThreadPoolExecutor(max_workers=4), interceptors=interceptors)
    pb_grpc.add_LibraryServicer_to_server(Library(), server)
    names = (pb.DESCRIPTOR.services_by_name["Library"].full_name, reflection.SERVICE_NAME)
    reflection.enable_server_reflection(names, server)
    address = f"127.0.0.1:{port}"
    if len(sys.argv) >= 4:
        with open(sys.argv[2], "rb") as cert, open(sys.argv[3], "rb") as key:
            credentials = grpc.ssl_server_credentials([(key.read(), cert.read())])
        bound = server.add_secure_port(address, credentials)
    else:
        bound = server.add_insecure_port(address)
    if bound == 0:
        sys.exit(f"port {port} already in use")
    server.start()
    print(f"serving {port}", flush=True)
    server.wait_for_termination()


if __name__ == "__main__":
    main()
