"""Hot paths of the service and their bare baselines, measured for bench/ratios.py."""
