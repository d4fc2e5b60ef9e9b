print("app-cli")
