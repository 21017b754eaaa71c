print("verify")
