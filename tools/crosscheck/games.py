from duqqan import SigWaDuqqan
from essig import EsSig
from eloued import SigElOued
from seega import Seega
from sadeqa import Sadeqa

GAMES = {c.ID: c for c in (SigWaDuqqan, EsSig, SigElOued, Seega, Sadeqa)}
PLAYER_COUNTS = {
    "sig-wa-duqqan": list(range(2, 9)),
    "es-sig": list(range(2, 9)),
    "sig-el-oued": [2],
    "seega": [2],
    "sadeqa": [2],
}
