// Serve: placeholder until the first real file lands.
enum ServePlaceholder {}
