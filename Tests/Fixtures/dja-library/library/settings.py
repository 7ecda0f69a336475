"""A small library served by Django REST framework JSON:API (DJA) 8.1.0.

Set up as DJA's own documentation at v8.1.0 says, nothing shaped for a client:
- docs/getting-started.md (installation: `rest_framework_json_api` in
  INSTALLED_APPS; the example app, example/urls.py: a DefaultRouter with
  `trailing_slash=False` mounted at the site's root);
- docs/usage.md "Configuration": the REST_FRAMEWORK block below is the one it
  suggests copying, unchanged (JSON:API renderer and parser, exception handler,
  JsonApiPageNumberPagination with PAGE_SIZE 10, metadata, filter backends
  with `filter[search]`), plus authentication off so that tests can write.
DJA 8.0 removed its OpenAPI generator (CHANGELOG), so no schema is published.
The SQLite file is $LIBRARY_DB (the launcher puts it in a temporary folder).
"""
from library_catalog.base_settings import *  # noqa: F401,F403 (library/__init__.py)

# Django's apps, DJA's with DRF and django-filter (docs/usage.md), the library.
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "django.contrib.staticfiles",
    "rest_framework_json_api",
    "rest_framework",
    "django_filters",
    "library_catalog",
]

# docs/usage.md, "Configuration" (v8.1.0), as suggested; the last three
# entries switch authentication off (no client logs in to a test service).
REST_FRAMEWORK = {
    "PAGE_SIZE": 10,
    "EXCEPTION_HANDLER": "rest_framework_json_api.exceptions.exception_handler",
    "DEFAULT_PAGINATION_CLASS": "rest_framework_json_api.pagination.JsonApiPageNumberPagination",
    "DEFAULT_PARSER_CLASSES": (
        "rest_framework_json_api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ),
    "DEFAULT_RENDERER_CLASSES": (
        "rest_framework_json_api.renderers.JSONRenderer",
        "rest_framework_json_api.renderers.BrowsableAPIRenderer",
    ),
    "DEFAULT_METADATA_CLASS": "rest_framework_json_api.metadata.JSONAPIMetadata",
    "DEFAULT_FILTER_BACKENDS": (
        "rest_framework_json_api.filters.QueryParameterValidationFilter",
        "rest_framework_json_api.filters.OrderingFilter",
        "rest_framework_json_api.django_filters.DjangoFilterBackend",
        "rest_framework.filters.SearchFilter",
    ),
    "SEARCH_PARAM": "filter[search]",
    "TEST_REQUEST_RENDERER_CLASSES": ("rest_framework_json_api.renderers.JSONRenderer",),
    "TEST_REQUEST_DEFAULT_FORMAT": "vnd.api+json",
    "DEFAULT_AUTHENTICATION_CLASSES": [],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "UNAUTHENTICATED_USER": None,
}
