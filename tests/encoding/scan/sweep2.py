# SPDX-License-Identifier: MIT
# Development tool (not run by the build): regenerates the rows of src/target/opcodes.py
# from llvm-mc-19 by decoding every opcode value. Run in order: sweep2, rows, build, mktable.
import subprocess, re, json, sys, itertools
GFX = ['gfx1030','gfx1100','gfx1200']
def wb(ws): return ','.join('0x%02x'%((w>>(8*i))&0xff) for w in ws for i in range(4))
def templates(g):
    t = {}
    null = 0x7d if g=='gfx1030' else 0x7c
    # each: (ops, fields[(name,val)], builder(op, f) -> words)
    t['SOP2'] = (range(0,0x60), dict(d=4,a=8,b=12), lambda op,f: [(2<<30)|(op<<23)|(f['d']<<16)|(f['b']<<8)|f['a']])
    t['SOPK'] = (range(0,0x1d), dict(d=4,k=0x10), lambda op,f: [(0xb<<28)|(op<<23)|(f['d']<<16)|f['k']])
    t['SOP1'] = (range(0,256), dict(d=4,a=8), lambda op,f: [0xBE800000|(f['d']<<16)|(op<<8)|f['a']])
    t['SOPC'] = (range(0,128), dict(a=8,b=12), lambda op,f: [0xBF000000|(op<<16)|(f['b']<<8)|f['a']])
    t['SOPP'] = (range(0,128), dict(k=1), lambda op,f: [0xBF800000|(op<<16)|f['k']])
    sh = 13 if g=='gfx1200' else 18
    t['SMEM'] = (range(0,256), dict(d=4,b=4,o=0x10), lambda op,f: [(0x3d<<26)|(op<<sh)|(f['d']<<6)|f['b'], (null<<25)|f['o']])
    t['VOP1'] = (range(0,256), dict(d=4,a=264), lambda op,f: [0x7E000000|(f['d']<<17)|(op<<9)|f['a']])
    t['VOP2'] = (range(0,0x3e), dict(d=4,a=264,b=12), lambda op,f: [(op<<25)|(f['d']<<17)|(f['b']<<9)|f['a']])
    t['VOPC'] = (range(0,256), dict(a=264,b=12), lambda op,f: [0x7C000000|(op<<17)|(f['b']<<9)|f['a']])
    t['VOP3'] = (range(0,1024), dict(d=4,a=264,b=268,c=272), lambda op,f: [(0x35<<26)|(op<<16)|f['d'], (f['c']<<18)|(f['b']<<9)|f['a']])
    t['VOP3P'] = (range(0,128), dict(d=4,a=264,b=268,c=272), lambda op,f: [(0xCC<<24)|(op<<16)|(1<<14)|f['d'], (3<<27)|(f['c']<<18)|(f['b']<<9)|f['a']])
    t['DS'] = (range(0,256), dict(d=4,a=8,x=12,y=16), lambda op,f: [(0x36<<26)|(op<<18), (f['d']<<24)|(f['y']<<16)|(f['x']<<8)|f['a']])
    if g=='gfx1200':
        for seg,enc in (('FLAT',0xec),('SCRATCH',0xed),('GLOBAL',0xee)):
            sv = (1<<17) if seg=='SCRATCH' else 0
            t[seg] = (range(0,256), dict(d=4,x=12), lambda op,f,enc=enc,sv=sv: [(enc<<24)|(op<<14)|0x7c, (f['x']<<23)|sv|f['d'], 8])
        t['MUBUF'] = (range(0,256), dict(d=12), lambda op,f: [(0xc4<<24)|(op<<14)|8, (1<<30)|(1<<23)|(4<<9)|f['d'], 8])
    else:
        for seg,s in (('FLAT',0),('SCRATCH',1),('GLOBAL',2)):
            if g=='gfx1030':
                t[seg] = (range(0,128), dict(d=4,x=12), lambda op,f,s=s: [(0x37<<26)|(op<<18)|(s<<14), (f['d']<<24)|(0x7d<<16)|(f['x']<<8)|8])
            else:
                sv = (1<<23) if seg=='SCRATCH' else 0
                t[seg] = (range(0,128), dict(d=4,x=12), lambda op,f,s=s,sv=sv: [(0x37<<26)|(op<<18)|(s<<16), (f['d']<<24)|sv|(0x7c<<16)|(f['x']<<8)|8])
        if g=='gfx1030':
            t['MUBUF'] = (range(0,256), dict(d=12), lambda op,f: [(0x38<<26)|(op<<18)|(1<<12), (8<<24)|(1<<16)|(f['d']<<8)|8])
        else:
            t['MUBUF'] = (range(0,256), dict(d=12), lambda op,f: [(0x38<<26)|(op<<18), (8<<24)|(1<<22)|(1<<16)|(f['d']<<8)|8])
    if g!='gfx1030':
        t['VOPDX'] = (range(0,16), dict(b=12), lambda op,f: [(0x32<<26)|(op<<22)|(16<<17)|(f['b']<<9)|264, (4<<24)|(2<<17)|(13<<9)|265])
        t['VOPDY'] = (range(0,32), dict(b=13), lambda op,f: [(0x32<<26)|(8<<22)|(op<<17)|(12<<9)|264, (4<<24)|(2<<17)|(f['b']<<9)|265])
    return t
out = {}
for g in GFX:
    lines=[]; keys={}
    for fmt,(rng,fields,f) in templates(g).items():
        names=list(fields)
        for op in rng:
            for mask in itertools.product([1,0], repeat=len(names)):
                fv={n:(fields[n] if m else 0) for n,m in zip(names,mask)}
                s=wb(f(op,fv))
                keys.setdefault(s,(fmt,op,sum(mask)))
                lines.append(s)
    for mattr in ['', '+real-true16']:
        args=['llvm-mc-19','--disassemble','-show-encoding','-triple=amdgcn','-mcpu='+g]
        if mattr: args.append('-mattr='+mattr)
        r = subprocess.run(args, input='\n'.join(lines)+'\n', capture_output=True, text=True)
        best={}
        for l in r.stdout.splitlines():
            m = re.match(r'\s*(.*?)\s*; encoding: \[(.*)\]', l)
            if not m: continue
            enc=m.group(2)
            if enc in keys:
                fmt,op,n=keys[enc]
                if (fmt,op) not in best or best[(fmt,op)][0]<n: best[(fmt,op)]=(n,m.group(1),enc)
        out[g+mattr]=[(f,o,t,e) for (f,o),(n,t,e) in sorted(best.items())]
        print(g+mattr, len(best), len(set(t.split()[0] for n,t,e in best.values())))
json.dump(out, open('/tmp/scan/sweep.json','w'), indent=0)
