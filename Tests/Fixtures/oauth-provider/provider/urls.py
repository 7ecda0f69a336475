from django.urls import include, path

from provider import views

urlpatterns = [
    path("o/", include("oauth2_provider.urls", namespace="oauth2_provider")),
    path("login/", views.login_form),
    path("api/me", views.me),
    path("api/todos", views.todos),
]
