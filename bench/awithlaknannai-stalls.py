# The drawn games of `awe match` records, cut where they stall, as an --openings file: each
# game's moves up to its last capture, or its first 600 plies where captures went on past ply 900
# (a lead still being converted). Issue 46's test set of the positions the engine shuffles in.
#
#   python3 bench/awithlaknannai-stalls.py RECORDS... > bench/openings/awithlaknannai-kolowis-ludii-stalls.txt
import re,sys
out=[]
for path in sys.argv[1:]:
    txt=open(path).read()
    for g in [g for g in re.split(r'\n(?=\[Game )',txt) if g.strip()]:
        tags=dict(re.findall(r'\[(\w+) "([^"]*)"\]',g))
        if tags.get('Result')!='1/2-1/2': continue
        body=re.sub(r'\[[^\]]*\]','',g); body=re.sub(r'\{[^}]*\}','',body)
        toks=[t for t in body.split() if not re.match(r'^\d+\.+$',t) and t not in ('1-0','0-1','1/2-1/2','*')]
        caps=[i+1 for i,t in enumerate(toks) if 'x' in t]
        last=caps[-1] if caps else 0
        cut=last if last<=900 else 600
        # awe's side in the original, so that the pair's game with awe on that side is known
        awe='White' if tags['White'].startswith('awe') else 'Black'
        out.append((path.split('/')[-1],tags['Round'],awe,cut,' '.join(toks[:cut])))
print('# Drawn games of issue 46\'s Kolowis gates against Ludii, cut where they stall (bench/awithlaknannai-stalls.py).')
print('# Each line is a pair of games in awe match: awe on the side the comment names in its even game.')
for f,r,awe,cut,moves in out:
    print(f'{moves} # {f} game {r}, awe {awe}, cut at ply {cut}')
