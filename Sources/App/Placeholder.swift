// App: placeholder until the first real file lands.
enum AppPlaceholder {}
