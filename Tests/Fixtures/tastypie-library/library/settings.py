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
import os

SECRET_KEY = "trestle-tests-only"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "library.urls"
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

INSTALLED_APPS = [
    "django.contrib.contenttypes",
    "django.contrib.auth",
    "tastypie",
    "catalog",
]

MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]

DATABASES = {
    "default": {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": os.environ.get("LIBRARY_DB", "library.sqlite3"),
    }
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "loggers": {"django.server": {"handlers": ["console"], "level": "INFO"}},
}
WSGI_APPLICATION = "library.wsgi.application"
