# Makes the 6x6 variant fixtures of the browser test (f-puzzles JSON):
# a random solution, constraints read off it (cages, thermometers and
# arrows, dots and XV, sandwich and little-killer clues, or random jigsaw
# regions), then givens added at random until `sudokit count` says the
# puzzle is unique, and dropped again where it stays unique.
#
#   SUDOKIT=target/debug/sudokit python3 make.py KIND SEED > KIND.json
#
# The committed ones: killer 1, thermo 1, kropki 1, sandwich 3, jigsaw 1
# (the killer's title then edited to "Killer cages"); `sudokit explain`
# solves each by logic.
import json, random, subprocess, sys
N = 6
import os
BIN = os.environ.get("SUDOKIT", "target/debug/sudokit")
def name(c): return f"R{c//N+1}C{c%N+1}"
def box_regions(): return [ (r//2)*2 + (c//3) for r in range(N) for c in range(N)]

def solve_fill(regions, rng):
    g = [0]*(N*N)
    peers = [set() for _ in range(N*N)]
    for a in range(N*N):
        for b in range(N*N):
            if a!=b and (a//N==b//N or a%N==b%N or regions[a]==regions[b]): peers[a].add(b)
    def rec(i):
        if i == N*N: return True
        ds = list(range(1,N+1)); rng.shuffle(ds)
        for d in ds:
            if all(g[p]!=d for p in peers[i]):
                g[i]=d
                if rec(i+1): return True
        g[i]=0
        return False
    return g if rec(0) else None

def jigsaw_regions(rng):
    while True:
        reg = [-1]*(N*N)
        seeds = rng.sample(range(N*N), N)
        for k,s in enumerate(seeds): reg[s]=k
        sizes=[1]*N
        stuck=0
        while -1 in reg and stuck<2000:
            k = rng.randrange(N)
            if sizes[k]>=N: stuck+=1; continue
            cand=[c for c in range(N*N) if reg[c]==-1 and any(reg[x]==k for x in nb(c))]
            if not cand: stuck+=1; continue
            c=rng.choice(cand); reg[c]=k; sizes[k]+=1
        if -1 not in reg and all(s==N for s in sizes): return reg

def nb(c):
    r,col=divmod(c,N)
    out=[]
    if r>0: out.append(c-N)
    if r<N-1: out.append(c+N)
    if col>0: out.append(c-1)
    if col<N-1: out.append(c+1)
    return out

def base(title, sol, givens, regions=None):
    grid=[]
    for r in range(N):
        row=[]
        for c in range(N):
            o={}
            i=r*N+c
            if i in givens: o={"value":sol[i],"given":True}
            if regions: o["region"]=regions[i]
            row.append(o)
        grid.append(row)
    return {"size":N,"title":title,"author":"sudokit tests","grid":grid}

def count(obj):
    out = subprocess.run([BIN,"count","--format","fpuzzles","-"],input=json.dumps(obj),capture_output=True,text=True)
    return out.stdout.strip()

def unique_with_givens(make, sol, rng):
    givens=set()
    order=list(range(N*N)); rng.shuffle(order)
    while count(make(givens)) != "1":
        givens.add(order.pop())
    for c in sorted(givens, key=lambda _: rng.random()):
        t=givens-{c}
        if count(make(t))=="1": givens=t
    return givens

def killer(rng):
    regions=box_regions(); sol=solve_fill(regions,rng)
    free=set(range(N*N)); cages=[]
    while free:
        c=min(free); cage=[c]; free.discard(c)
        size=rng.choice([2,2,3,3,4])
        while len(cage)<size:
            opts=[x for y in cage for x in nb(y) if x in free and sol[x] not in [sol[z] for z in cage]]
            if not opts: break
            x=rng.choice(opts); cage.append(x); free.discard(x)
        cages.append(cage)
    kc=[{"cells":[name(c) for c in sorted(cg)],"value":str(sum(sol[c] for c in cg))} for cg in cages]
    def make(g):
        o=base("Little killer cages",sol,g); o["killercage"]=kc; return o
    return make, sol

def path_from(sol, start, rng, ok, length):
    p=[start]
    while len(p)<length:
        opts=[x for x in nb(p[-1])+diag(p[-1]) if x not in p and ok(p,x)]
        if not opts: return None
        p.append(rng.choice(opts))
    return p

def diag(c):
    r,col=divmod(c,N); out=[]
    for dr in (-1,1):
        for dc in (-1,1):
            if 0<=r+dr<N and 0<=col+dc<N: out.append((r+dr)*N+col+dc)
    return out

def thermo_arrow(rng):
    regions=box_regions(); sol=solve_fill(regions,rng)
    used=set(); thermos=[]; arrows=[]
    tries=0
    while len(thermos)<3 and tries<500:
        tries+=1
        s=rng.randrange(N*N)
        if s in used: continue
        p=path_from(sol,s,rng,lambda p,x: x not in used and sol[x]>sol[p[-1]], rng.choice([3,4]))
        if p: thermos.append(p); used|=set(p)
    tries=0
    while len(arrows)<2 and tries<2000:
        tries+=1
        s=rng.randrange(N*N)
        if s in used: continue
        p=path_from(sol,s,rng,lambda p,x: x not in used, 3)
        if p and sol[p[1]]+sol[p[2]]==sol[p[0]]:
            arrows.append(p); used|=set(p)
    th=[{"lines":[[name(c) for c in p]]} for p in thermos]
    ar=[{"cells":[name(p[0])],"lines":[[name(c) for c in p]]} for p in arrows]
    def make(g):
        o=base("Thermos and arrows",sol,g); o["thermometer"]=th; o["arrow"]=ar; return o
    return make, sol

def kropki_xv(rng):
    regions=box_regions(); sol=solve_fill(regions,rng)
    diff=[];ratio=[];xv=[]
    for c in range(N*N):
        for x in nb(c):
            if x<c: continue
            a,b=sol[c],sol[x]
            pair=[name(c),name(x)]
            if abs(a-b)==1 and rng.random()<0.7: diff.append({"cells":pair})
            elif (a==2*b or b==2*a) and rng.random()<0.8: ratio.append({"cells":pair})
            elif a+b==5: xv.append({"cells":pair,"value":"V"})
            elif a+b==10: xv.append({"cells":pair,"value":"X"})
    def make(g):
        o=base("Dots, X and V",sol,g); o["difference"]=diff; o["ratio"]=ratio; o["xv"]=xv; return o
    return make, sol

def sandwich_lk(rng):
    regions=box_regions(); sol=solve_fill(regions,rng)
    def sand(line):
        i,j=sorted([line.index(1),line.index(N)]); return sum(line[i+1:j])
    rows=[r for r in range(N) if sand(sol[r*N:(r+1)*N])>0]
    cols=[c for c in range(N) if sand([sol[r*N+c] for r in range(N)])>0]
    sw=[]; top=set()
    for r in rng.sample(rows,min(3,len(rows))):
        sw.append({"cell":f"R{r+1}C0","value":str(sand(sol[r*N:(r+1)*N]))})
    for c in rng.sample(cols,min(3,len(cols))):
        sw.append({"cell":f"R0C{c+1}","value":str(sand([sol[r*N+c] for r in range(N)]))}); top.add(c+1)
    lk=[]
    # Little killers above the grid, going down-right, on ring cells no
    # sandwich clue uses.
    free=[s for s in range(1,N-1) if s not in top]
    for start in rng.sample(free,min(2,len(free))):
        cells=[]; r,c=0,start
        while r<N and c<N: cells.append(r*N+c); r+=1; c+=1
        lk.append({"cell":f"R0C{start}","cells":[name(x) for x in cells],"direction":"DR","value":str(sum(sol[x] for x in cells))})
    start=rng.randrange(1,N-1); cells=[]; r,c=N-1,start
    while r>=0 and c>=0: cells.append(r*N+c); r-=1; c-=1
    lk.append({"cell":f"R{N+1}C{start+2}","cells":[name(x) for x in cells],"direction":"UL","value":str(sum(sol[x] for x in cells))})
    def make(g):
        o=base("Sandwiches and little killers",sol,g); o["sandwichsum"]=sw; o["littlekillersum"]=lk; return o
    return make, sol

def jigsaw(rng):
    while True:
        regions=jigsaw_regions(rng); sol=solve_fill(regions,rng)
        if sol: break
    def make(g): return base("Irregular regions",sol,g,regions)
    return make, sol

kinds={"killer":killer,"thermo":thermo_arrow,"kropki":kropki_xv,"sandwich":sandwich_lk,"jigsaw":jigsaw}
kind=sys.argv[1]; seed=int(sys.argv[2])
rng=random.Random(seed)
make,sol=kinds[kind](rng)
g=unique_with_givens(make,sol,rng)
o=make(g)
print(json.dumps(o,separators=(",",":")))
print(len(g), "givens", file=sys.stderr)
