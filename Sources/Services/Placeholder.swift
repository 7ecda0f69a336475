// Services: placeholder until the first real file lands.
enum ServicesPlaceholder {}
