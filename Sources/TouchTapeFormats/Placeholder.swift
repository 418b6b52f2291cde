// Placeholder so the target builds; replaced as the stage lands.
