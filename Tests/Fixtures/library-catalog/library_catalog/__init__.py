"""The library's Django app, shared by the four Django fixtures (django,
dja, tastypie, ninja): the models, their migration and the `seed` command.
Its label is `catalog` (tables catalog_publisher, catalog_author,
catalog_book), as when each project had its own copy. Each project puts
Tests/Fixtures/library-catalog on sys.path in its settings and keeps in its
own `catalog` package only what its framework's tutorial has it write."""
