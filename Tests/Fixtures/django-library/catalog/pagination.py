"""PageNumberPagination with the client choosing its page size."""
from rest_framework.pagination import LimitOffsetPagination, PageNumberPagination


class PageNumbers(PageNumberPagination):
    page_size_query_param = "page_size"
    max_page_size = 100


class LimitOffset(LimitOffsetPagination):
    default_limit = 10
    max_limit = 100
