; Signed and unsigned bit-field extracts whose field reaches past the top bit (the
; signed forms shift arithmetically there). x = in[g], y = in[g + 128]; offset
; y & 31, width (y >> 5) & 31 (v_bfe with operands in VGPRs), and a uniform
; xs = in[256 + wg] through scalar extracts with packed constant fields (inline asm:
; llc folds constant fields that reach past the top into shifts). 8 words per
; invocation.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %g2 = add i32 %g, 128
  %pb = getelementptr i32, ptr addrspace(1) %in, i32 %g2
  %y = load i32, ptr addrspace(1) %pb
  %off = and i32 %y, 31
  %ys = lshr i32 %y, 5
  %w = and i32 %ys, 31
  %r0 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 %off, i32 %w)
  %r1 = call i32 @llvm.amdgcn.ubfe.i32(i32 %x, i32 %off, i32 %w)
  %r2 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 %off, i32 30)
  %r3 = call i32 @llvm.amdgcn.sbfe.i32(i32 %x, i32 24, i32 %w)
  %gs = add i32 %wg, 256
  %ps = getelementptr i32, ptr addrspace(1) %in, i32 %gs
  %xs = load i32, ptr addrspace(1) %ps
  %r4 = call i32 asm "s_bfe_i32 $0, $1, 0x1e0018", "=s,s"(i32 %xs)
  %r5 = call i32 asm "s_bfe_u32 $0, $1, 0x1e0018", "=s,s"(i32 %xs)
  %xs64 = zext i32 %xs to i64
  %xh = shl i64 %xs64, 32
  %xw = or i64 %xh, %xs64
  %r6w = call i64 asm "s_bfe_i64 $0, $1, 0x200030", "=s,s"(i64 %xw)
  %r6 = trunc i64 %r6w to i32
  %r6h = lshr i64 %r6w, 32
  %r7 = trunc i64 %r6h to i32
  %o = shl i32 %g, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %r0, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %r1, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %r2, ptr addrspace(1) %q2
  %q3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %r3, ptr addrspace(1) %q3
  %q4 = getelementptr i32, ptr addrspace(1) %p0, i32 4
  store i32 %r4, ptr addrspace(1) %q4
  %q5 = getelementptr i32, ptr addrspace(1) %p0, i32 5
  store i32 %r5, ptr addrspace(1) %q5
  %q6 = getelementptr i32, ptr addrspace(1) %p0, i32 6
  store i32 %r6, ptr addrspace(1) %q6
  %q7 = getelementptr i32, ptr addrspace(1) %p0, i32 7
  store i32 %r7, ptr addrspace(1) %q7
  ret void
}
declare i32 @llvm.amdgcn.sbfe.i32(i32, i32, i32)
declare i32 @llvm.amdgcn.ubfe.i32(i32, i32, i32)
