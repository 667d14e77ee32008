# SPDX-License-Identifier: MIT
# Development tool (not run by the build): regenerates the rows of src/target/opcodes.py
# from llvm-mc-19 by decoding every opcode value. Run in order: sweep2, rows, build, mktable.
import json, subprocess, re, collections
d=json.load(open('/tmp/scan/sweep.json'))
G=['gfx1030','gfx1100','gfx1200']
def split(text):
    t=text.split(None,1); return t[0], (t[1] if len(t)>1 else '')
ent={}  # gfx -> {(fmt,name)->(op,ops,enc)}
for g in G:
    e={}
    for fmt,op,text,enc in d[g]:
        n,ops=split(text)
        if fmt.startswith('VOPD'):
            n = text  # keep whole
        e[(fmt,n)]=(op,ops,enc)
    ent[g]=e
def asm(g, texts):
    r=subprocess.run(['llvm-mc-19','-show-encoding','-triple=amdgcn','-mcpu='+g],input='\n'.join(texts)+'\n',capture_output=True,text=True)
    bad=set(int(m.group(1)) for m in re.finditer(r'<stdin>:(\d+):\d+: error',r.stderr))
    outs=[l for l in r.stdout.splitlines() if '; encoding' in l]
    res={}; it=iter(outs)
    for i,t in enumerate(texts):
        if i+1 in bad: continue
        res[t]=next(it).split(';')[0].strip()
    return res
# alias map from gfx1100 to others
alias={}
src=[ (k,f'{k[1]} {v[1]}') for k,v in ent['gfx1100'].items() if not k[0].startswith('VOPD')]
for g in ('gfx1030','gfx1200'):
    res=asm(g,[t for k,t in src])
    for k,t in src:
        if t in res:
            alias[(g,k)]=split(res[t])[0]
src10=[ (k,f'{k[1]} {v[1]}') for k,v in ent['gfx1030'].items() if not k[0].startswith('VOPD')]
res=asm('gfx1100',[t for k,t in src10])
for k,t in src10:
    if t in res: alias[('rev',k)]=split(res[t])[0]
json.dump({f'{g}|{k[0]}|{k[1]}':v for (g,k),v in alias.items()}, open('/tmp/scan/alias.json','w'))
print(len(alias))
