"""What the bench scripts beside this file share (imported as `bench_common`: Python puts a
script's own folder first on its import path)."""


def parse_deals(spec):
    """Deal numbers from A..B, a comma list of numbers and ranges, or @FILE (one deal number
    a line, the first column of a CSV row)."""
    if spec.startswith("@"):
        with open(spec[1:]) as f:
            return [int(line.split(",")[0]) for line in f if line.strip()]
    deals = []
    for part in spec.split(","):
        if ".." in part:
            a, b = part.split("..")
            deals.extend(range(int(a), int(b) + 1))
        elif part:
            deals.append(int(part))
    return deals
