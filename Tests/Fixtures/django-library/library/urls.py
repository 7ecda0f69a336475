"""DefaultRouter's API root and collections under /api/, the OpenAPI document
at /api/schema/ and /openapi.json (drf-spectacular)."""
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView
from rest_framework.routers import DefaultRouter

from catalog import views

router = DefaultRouter()
router.register("publishers", views.PublisherViewSet)
router.register("authors", views.AuthorViewSet)
router.register("books", views.BookViewSet)
router.register("editions", views.EditionViewSet, basename="edition")

urlpatterns = [
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("openapi.json", SpectacularAPIView.as_view(), name="openapi"),
    path("api/", include(router.urls)),
]
