#!/usr/bin/env python3
"""A small HTTPS service on 127.0.0.1 for the end-to-end tests of private CAs
and mutual TLS (Tests/EndToEndTests/NetworkEndToEndTests.swift).

GET /books answers [{"id":1,"title":"Dune"}], anything else 404. With
--client-ca it requires a client certificate signed by that CA. It binds port 0,
writes the port to --port-file once it listens, and appends one line per
request (method, path, the client certificate's CN or -) to --log.
Usage: tls-serve.py --cert C --key K [--client-ca CA] --port-file F --log L
"""
import argparse, http.server, json, os, ssl, sys

parser = argparse.ArgumentParser()
parser.add_argument("--cert", required=True)
parser.add_argument("--key", required=True)
parser.add_argument("--client-ca")
parser.add_argument("--port-file", required=True)
parser.add_argument("--log", required=True)
args = parser.parse_args()

BOOKS = json.dumps([{"id": 1, "title": "Dune"}]).encode()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    timeout = 30

    def do_GET(self):
        peer = self.connection.getpeercert() or {}
        names = [value for field in peer.get("subject", ()) for key, value in field if key == "commonName"]
        with open(args.log, "a") as log:
            log.write(f"{self.command} {self.path} {names[0] if names else '-'}\n")
        path = self.path.split("?")[0]
        body, status = (BOOKS, 200) if path == "/books" else (b"{}", 404)
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *_):
        pass


context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
context.load_cert_chain(args.cert, args.key)
if args.client_ca:
    context.verify_mode = ssl.CERT_REQUIRED
    context.load_verify_locations(args.client_ca)
class Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # A refused handshake (no client certificate) is what some tests want.
        pass


server = Server(("127.0.0.1", 0), Handler)
server.daemon_threads = True
# The handshake happens in the request's thread, so a client that stalls it
# holds up no one else.
server.socket = context.wrap_socket(server.socket, server_side=True, do_handshake_on_connect=False)
temporary = args.port_file + ".tmp"
with open(temporary, "w") as port_file:
    port_file.write(str(server.server_address[1]))
os.replace(temporary, args.port_file)
try:
    server.serve_forever()
except KeyboardInterrupt:
    sys.exit(0)
