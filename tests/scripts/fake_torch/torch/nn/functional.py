def layer_norm(*a, **k):
    raise ValueError("fake op failure")
