from django.apps import AppConfig


class CatalogConfig(AppConfig):
    name = "library_catalog"
    label = "catalog"
