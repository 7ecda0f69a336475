"""A tiny OData v4 service for scripts/test-install: its entity's key is a
string named only in $metadata, so `trestle get Wares/7` asks
`Wares('7')` (a key that looks like a number, quoted as the string it is) only when $metadata was read (libxml2 through FoundationXML)."""
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

META = """<?xml version="1.0" encoding="utf-8"?>
<edmx:Edmx Version="4.0" xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx">
  <edmx:DataServices>
    <Schema Namespace="Install.Shop" xmlns="http://docs.oasis-open.org/odata/ns/edm">
      <EntityType Name="Ware">
        <Key><PropertyRef Name="Code"/></Key>
        <Property Name="Code" Type="Edm.String" Nullable="false"/>
        <Property Name="Name" Type="Edm.String"/>
      </EntityType>
      <EntityContainer Name="Container">
        <EntitySet Name="Wares" EntityType="Install.Shop.Ware"/>
      </EntityContainer>
    </Schema>
  </edmx:DataServices>
</edmx:Edmx>"""
WARES = [{"Code": "7", "Name": "crate"}, {"Code": "8", "Name": "barrel"}]


class Handler(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        path = self.path.split("?")[0]
        base = f"http://127.0.0.1:{self.server.server_address[1]}/odata/"
        kind = "application/json;odata.metadata=minimal"
        if path == "/odata/":
            body = {"@odata.context": base + "$metadata", "value": [{"name": "Wares", "kind": "EntitySet", "url": "Wares"}]}
        elif path == "/odata/$metadata":
            body, kind = META, "application/xml"
        elif path == "/odata/Wares":
            body = {"@odata.context": base + "$metadata#Wares", "value": WARES}
        elif path == "/odata/Wares('7')":
            body = dict(WARES[0], **{"@odata.context": base + "$metadata#Wares/$entity"})
        else:
            self.send_response(404)
            self.send_header("Content-Length", "0")
            self.end_headers()
            return
        data = (body if isinstance(body, str) else json.dumps(body)).encode()
        self.send_response(200)
        self.send_header("Content-Type", kind)
        self.send_header("OData-Version", "4.0")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)


server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
server.serve_forever()
