"""DJA's example app's routing (example/urls.py at v8.1.0): a DefaultRouter
without trailing slashes at the site's root, so the API root is `/` and a
book is `/books/1`."""
from django.urls import include, path
from rest_framework import routers

from catalog import views

router = routers.DefaultRouter(trailing_slash=False)
router.register(r"publishers", views.PublisherViewSet)
router.register(r"authors", views.AuthorViewSet)
router.register(r"books", views.BookViewSet)

urlpatterns = [
    path("", include(router.urls)),
]
