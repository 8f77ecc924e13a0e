"""Read the thermo output of a LAMMPS log (pure Python: the ctest checkers run
with whatever python3 CMake found).  Used by check.py, dt_scan.py and plot.py."""


def runs(path):
    """every run section of the log: a list of (header, rows), rows as lists of floats"""
    out, header, rows = [], None, None
    with open(path) as f:
        for line in f:
            w = line.split()
            if w and w[0] == "Step":
                header, rows = w, []
                out.append((header, rows))
                continue
            if header and len(w) == len(header):
                try:
                    rows.append([float(x) for x in w])
                except ValueError:
                    header = None
            elif header:
                header = None
    return out


def last_run(path):
    """the last run section as {column: list}; {} if there is none"""
    r = runs(path)
    if not r:
        return {}
    header, rows = r[-1]
    return {c: [row[i] for row in rows] for i, c in enumerate(header)}


def completed(path):
    """number of runs that finished (LAMMPS prints 'Loop time' after each) and the first ERROR line"""
    loops, err = 0, None
    with open(path) as f:
        for line in f:
            if line.startswith("Loop time"):
                loops += 1
            elif err is None and line.startswith("ERROR"):
                err = line.strip()
    return loops, err
