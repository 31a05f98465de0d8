import LabelCore
print("label-server: not yet wired")
