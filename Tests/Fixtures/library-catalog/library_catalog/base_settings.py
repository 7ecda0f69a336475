"""The Django settings the four library projects share; each project's
library/settings.py imports these and adds its framework's own
(INSTALLED_APPS, REST_FRAMEWORK, ...). The SQLite file is $LIBRARY_DB (the
launcher puts it in a temporary folder)."""
import os

SECRET_KEY = "trestle-tests-only"
DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
ROOT_URLCONF = "library.urls"
USE_TZ = True
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

MIDDLEWARE = ["django.middleware.common.CommonMiddleware"]

# For the projects that serve HTML pages and static files (a browsable API,
# Swagger UI); tastypie's sets TEMPLATES back to Django's default.
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
STATIC_URL = "static/"

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
