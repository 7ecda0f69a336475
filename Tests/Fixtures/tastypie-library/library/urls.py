"""The tutorial's "Adding To The Api": Api(api_name='v1') under ^api/."""
from django.urls import include, re_path
from tastypie.api import Api

from catalog.api import AuthorResource, BookResource, PublisherResource

v1_api = Api(api_name="v1")
v1_api.register(PublisherResource())
v1_api.register(AuthorResource())
v1_api.register(BookResource())

urlpatterns = [
    re_path(r"^api/", include(v1_api.urls)),
]
