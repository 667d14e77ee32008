; Stream compaction within a wave: mbcnt of the ballot of (in[g] odd) gives each odd
; lane its index among the wave's odd lanes; out[g] = lane id (mbcnt of all ones),
; out[128 + g] = that index for odd lanes and ~0 for the others.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %lo0 = call i32 @llvm.amdgcn.mbcnt.lo(i32 -1, i32 0)
  %lane = call i32 @llvm.amdgcn.mbcnt.hi(i32 -1, i32 %lo0)
  %xo = and i32 %x, 1
  %odd = icmp ne i32 %xo, 0
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %odd)
  %blo = trunc i64 %b to i32
  %bh = lshr i64 %b, 32
  %bhi = trunc i64 %bh to i32
  %c0 = call i32 @llvm.amdgcn.mbcnt.lo(i32 %blo, i32 0)
  %c = call i32 @llvm.amdgcn.mbcnt.hi(i32 %bhi, i32 %c0)
  %v = select i1 %odd, i32 %c, i32 -1
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %lane, ptr addrspace(1) %p
  %g2 = add i32 %g, 128
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %g2
  store i32 %v, ptr addrspace(1) %p2
  ret void
}
declare i32 @llvm.amdgcn.mbcnt.lo(i32, i32)
declare i32 @llvm.amdgcn.mbcnt.hi(i32, i32)
declare i64 @llvm.amdgcn.ballot.i64(i1)
