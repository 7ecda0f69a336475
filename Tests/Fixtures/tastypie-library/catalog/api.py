"""ModelResources as tastypie's tutorial writes them (docs/tutorial.rst,
v0.15.1): `resource_name` singular as in its `entry`/`user`, Authorization()
to allow writes, fields.ForeignKey for relations (shown as resource URIs), and
`filtering` / `ordering` as docs/resources.rst describes them."""
from tastypie import fields
from tastypie.authorization import Authorization
from tastypie.constants import ALL, ALL_WITH_RELATIONS
from tastypie.resources import ModelResource

from library_catalog.models import Author, Book, Publisher


class PublisherResource(ModelResource):
    class Meta:
        queryset = Publisher.objects.all()
        resource_name = "publisher"
        authorization = Authorization()
        filtering = {"name": ALL, "country": ALL}
        ordering = ["id", "name", "country"]


class AuthorResource(ModelResource):
    class Meta:
        queryset = Author.objects.all()
        resource_name = "author"
        authorization = Authorization()
        filtering = {"name": ALL, "email": ALL}
        ordering = ["id", "name", "email"]


class BookResource(ModelResource):
    publisher = fields.ForeignKey(PublisherResource, "publisher")
    author = fields.ForeignKey(AuthorResource, "author")

    class Meta:
        queryset = Book.objects.all()
        resource_name = "book"
        authorization = Authorization()
        filtering = {
            "title": ALL,
            "year": ALL,
            "pages": ALL,
            "in_print": ALL,
            "publisher": ALL_WITH_RELATIONS,
            "author": ALL_WITH_RELATIONS,
        }
        ordering = ["id", "title", "year", "pages"]
