# SPDX-License-Identifier: MIT
# Development tool (not run by the build): regenerates the rows of src/target/opcodes.py
# from llvm-mc-19 by decoding every opcode value. Run in order: sweep2, rows, build, mktable.
import json, re, collections
d=json.load(open('/tmp/scan/sweep.json'))
alias={tuple(k.split('|')):v for k,v in json.load(open('/tmp/scan/alias.json')).items()}
G=['gfx1030','gfx1100','gfx1200']
def base(n):
    for s in ('_e32','_e64'):
        if n.endswith(s): return n[:-4]
    return n
rows=collections.OrderedDict()  # key canonical (fmt,name)
# per gfx: native entries and vop3 forms
nat={g:{} for g in G}; e64={g:{} for g in G}; vopd={g:{} for g in G}
for g in G:
    for fmt,op,text,enc in d[g]:
        n,_,ops=text.partition(' ')
        if fmt in('FLAT','GLOBAL','SCRATCH'):
            pre=n.split('_')[0].upper()
            if pre!=fmt: continue
        if fmt.startswith('VOPD'):
            x,y=text.split('::')
            nm=(x if fmt=='VOPDX' else y).split()[0]
            vopd[g][(fmt,nm)]=op; continue
        if fmt=='VOP3' and n.endswith('_e64'):
            e64[g][base(n)]=(op,ops); continue
        nat[g][(fmt,base(n))]=(op,ops.strip(),n)
def key_in(g,fmt,n11):
    a=alias.get((g,fmt,n11))
    return base(a) if a else None
out=[]
seen={g:set() for g in G}
rev={}
for (fmt,n),(op,ops,full) in nat['gfx1030'].items():
    a=alias.get(('rev',fmt,full))
    if a: rev[(fmt,base(a))]=(fmt,n)
for (fmt,n),(op,ops,full) in nat['gfx1100'].items():
    r={'name':n,'fmt':fmt,'gfx':{}}
    r['gfx']['gfx1100']=dict(op=op,ops=ops,asm=n,e64=e64['gfx1100'].get(n,(None,))[0]); seen['gfx1100'].add((fmt,n))
    for g in ('gfx1030','gfx1200'):
        a=key_in(g,fmt,full)
        if a and (fmt,a) in nat[g] and (fmt,a) not in seen[g]:
            o=nat[g][(fmt,a)]; seen[g].add((fmt,a))
            r['gfx'][g]=dict(op=o[0],ops=o[1],asm=a,e64=e64[g].get(a,(None,))[0])
        elif g=='gfx1030' and (fmt,n) in rev and rev[(fmt,n)] not in seen[g]:
            k=rev[(fmt,n)]; o=nat[g][k]; seen[g].add(k)
            r['gfx'][g]=dict(op=o[0],ops=o[1],asm=k[1],e64=e64[g].get(k[1],(None,))[0])
        elif (fmt,n) in nat[g] and (fmt,n) not in seen[g]:
            o=nat[g][(fmt,n)]; seen[g].add((fmt,n))
            r['gfx'][g]=dict(op=o[0],ops=o[1],asm=n,e64=e64[g].get(n,(None,))[0])
    out.append(r)
for g in ('gfx1200','gfx1030'):
    for (fmt,n),(op,ops,full) in nat[g].items():
        if (fmt,n) in seen[g]: continue
        # gfx12 new name present in gfx10 ?
        r={'name':n,'fmt':fmt,'gfx':{g:dict(op=op,ops=ops,asm=n,e64=e64[g].get(n,(None,))[0])}}
        seen[g].add((fmt,n))
        if g=='gfx1200' and (fmt,n) in nat['gfx1030'] and (fmt,n) not in seen['gfx1030']:
            o=nat['gfx1030'][(fmt,n)]; seen['gfx1030'].add((fmt,n))
            r['gfx']['gfx1030']=dict(op=o[0],ops=o[1],asm=n,e64=e64['gfx1030'].get(n,(None,))[0])
        out.append(r)
json.dump(dict(rows=out,vopd={g:{f'{k[0]}|{k[1]}':v for k,v in vopd[g].items()} for g in G}),open('/tmp/scan/rows.json','w'),indent=0)
c=collections.Counter(r['fmt'] for r in out); print(len(out),c)
for g in G: print(g, sum(1 for r in out if g in r['gfx']))
for r in out[:3]+out[-3:]: print(r)
# e64 without native?
for g in G:
    natb=set(n for (f,n) in nat[g])
    print(g,'orphan e64',[n for n in e64[g] if n not in natb][:10])
