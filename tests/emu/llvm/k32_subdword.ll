; Sub-dword and wide memory: byte and halfword loads (zero- and sign-extended) and
; stores, a 128-bit load and a 64-bit store. For g: b = byte g of in (unsigned and
; signed), h = halfword g (unsigned and signed); out bytes 4g..4g+3 get bytes of
; b + 1 and h + 1 through byte/halfword stores; out[128 + 2g .. +1] = the sums of the
; four words of the 128-bit vector at in[4 * (g % 32)] and of b, h, sign-extended b, h.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pb = getelementptr i8, ptr addrspace(1) %in, i32 %g
  %b = load i8, ptr addrspace(1) %pb
  %bz = zext i8 %b to i32
  %bs = sext i8 %b to i32
  %ph = getelementptr i16, ptr addrspace(1) %in, i32 %g
  %h = load i16, ptr addrspace(1) %ph
  %hz = zext i16 %h to i32
  %hs = sext i16 %h to i32
  %b1 = add i8 %b, 1
  %h1 = add i16 %h, 1
  %ob = shl i32 %g, 2
  %pob = getelementptr i8, ptr addrspace(1) %out, i32 %ob
  store i8 %b1, ptr addrspace(1) %pob
  %pob1 = getelementptr i8, ptr addrspace(1) %pob, i32 1
  store i8 %b, ptr addrspace(1) %pob1
  %poh = getelementptr i8, ptr addrspace(1) %pob, i32 2
  store i16 %h1, ptr addrspace(1) %poh
  %gm = and i32 %g, 31
  %pv = getelementptr <4 x i32>, ptr addrspace(1) %in, i32 %gm
  %v = load <4 x i32>, ptr addrspace(1) %pv
  %vs = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  %s1 = add i32 %bz, %hz
  %s2 = mul i32 %bs, %hs
  %s = add i32 %s1, %s2
  %r0 = insertelement <2 x i32> poison, i32 %vs, i32 0
  %r = insertelement <2 x i32> %r0, i32 %s, i32 1
  %o2 = shl i32 %g, 1
  %o3 = add i32 %o2, 128
  %pr = getelementptr i32, ptr addrspace(1) %out, i32 %o3
  store <2 x i32> %r, ptr addrspace(1) %pr
  ret void
}
declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
