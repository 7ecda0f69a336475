// Networking: placeholder until the first real file lands.
enum NetworkingPlaceholder {}
