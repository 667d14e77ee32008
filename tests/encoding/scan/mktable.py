# SPDX-License-Identifier: MIT
# Development tool (not run by the build): regenerates the rows of src/target/opcodes.py
# from llvm-mc-19 by decoding every opcode value. Run in order: sweep2, rows, build, mktable.
import json,re,collections
R=json.load(open('rows.json'))
rows=R['rows']
REG=re.compile(r'^([sv])(\d+)$|^([sv])\[(\d+):(\d+)\]$')
def sig(fmt,ops):
    if not ops: return ''
    if '/*' in ops or '.l' in ops or '.h' in ops: return None
    toks=[]
    for t in ops.split(', '):
        toks += t.strip().split(' ')
    out=[]
    for t in toks:
        m=REG.match(t)
        if m:
            f=m.group(1) or m.group(3)
            lo=int(m.group(2) or m.group(4)); hi=int(m.group(2) or m.group(5)); n=hi-lo+1
            role=None
            if fmt.startswith('VOP'):
                role={4:'d',8:'a',12:'b',16:'c',0:'e'}.get(lo)
            elif fmt in('SOP1','SOP2','SOPC','SOPK'):
                role={4:'d',8:'a',12:'b'}.get(lo)
            elif fmt=='SMEM':
                role={4:'d',8:'b'}.get(lo) if f=='s' else None
            elif fmt=='DS':
                role={4:'d',8:'a',12:'x',16:'y'}.get(lo)
            elif fmt in('FLAT','GLOBAL','SCRATCH'):
                role={4:'d',8:'a',12:'x'}.get(lo)
            elif fmt=='MUBUF':
                role={12:'d',8:'a' if f=='v' else 'o',4:'r'}.get(lo)
            if role is None: return '?'
            out.append(role+f+str(n))
        elif t in('vcc_lo','vcc'): out.append('vcc')
        elif t in('off','offen'): out.append(t)
        elif t=='op_sel_hi:[1,1,1]' or t=='op_sel_hi:[1,1]': pass
        elif fmt=='SOPK' and t in('0x10','16'): out.append('K' if t.startswith('0x') else 'k')
        elif fmt=='SOPP' and t in('1','0x1'): out.append('K' if t.startswith('0x') else 'k')
        elif fmt=='SMEM' and t=='0x10': out.append('K')
        else: return '?'
    return ' '.join(out)
G=['gfx1030','gfx1100','gfx1200']
lines=[]; nsig=collections.Counter()
for r in rows:
    sigs={}
    for g,e in list(r['gfx'].items()):
        s=sig(r['fmt'],e['ops'])
        if s is None: del r['gfx'][g]; continue
        sigs[g]=s
    if not r['gfx']: continue
    main = sigs.get('gfx1100') or next(iter(sigs.values()))
    cols=[]
    for g in G:
        e=r['gfx'].get(g)
        if not e: cols.append('-'); continue
        c='%x'%e['op']
        if e['e64'] is not None: c+='/%x'%e['e64']
        if e['asm']!=r['name']: c+='='+e['asm']
        if sigs[g]!=main: c+='|'+sigs[g].replace(' ',',')
        cols.append(c)
    nsig[main=='?']+=1
    lines.append('%-34s %-7s %-22s %-22s %-22s %s'%(r['name'],r['fmt'],cols[0],cols[1],cols[2],main))
vd=R['vopd']
vl=[]
names=sorted(set(k.split('|')[1] for g in G if g in vd for k in vd[g]))
for n in names:
    cols=[]
    for g in G:
        x=vd.get(g,{}).get('VOPDX|'+n); y=vd.get(g,{}).get('VOPDY|'+n)
        cols.append('-' if x is None and y is None else '%s/%s'%('-' if x is None else '%x'%x,'-' if y is None else '%x'%y))
    vl.append('%-34s %-7s %-22s %-22s %-22s'%(n,'VOPD',*cols))
open('table.txt','w').write('\n'.join(lines+vl)+'\n')
print(len(lines),nsig,len(vl))
