"""A small library served by django-tastypie 0.15.1.

Set up as tastypie's tutorial at v0.15.1 says (docs/tutorial.rst, "Getting
Started with Tastypie"): `tastypie` in INSTALLED_APPS, one ModelResource per
model in catalog/api.py, an `Api(api_name='v1')` registering them, mounted at
`^api/` (so the API root is /api/v1/); `Authorization()` so that POST/PUT work
as the tutorial enables them; ForeignKey fields to the related resources as
its "Creating More Resources" section does. Every other setting is tastypie's
default (docs/settings.rst): 20 records a page (API_LIMIT_PER_PAGE), JSON
when the client asks for application/json or ?format=json.
The SQLite file is $LIBRARY_DB (the launcher puts it in a temporary folder).
"""
from library_catalog.base_settings import *  # noqa: F401,F403 (library/__init__.py)

# Django's apps, tastypie (its tutorial), the library.
INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "tastypie",
    "library_catalog",
]

TEMPLATES = []  # Django's default: tastypie's tutorial serves no page
