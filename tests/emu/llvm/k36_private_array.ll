; Scratch in the entry itself: a 32-word private array filled with in[g] * i + i,
; then read at indices from the data (in[g] >> (5 * k)) & 31 for k < 4 and summed, and a
; store at a data-dependent index read back. out[g] = the sum, out[128 + g] = readback.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %arr = alloca [32 x i32], align 4, addrspace(5)
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %xi = mul i32 %x, %i
  %v = add i32 %xi, %i
  %pi = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  store volatile i32 %v, ptr addrspace(5) %pi
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 32
  br i1 %c, label %fill, label %read
read:
  %k = phi i32 [ 0, %fill ], [ %k1, %read ]
  %s = phi i32 [ 0, %fill ], [ %s1, %read ]
  %sh = mul i32 %k, 5
  %xs = lshr i32 %x, %sh
  %idx = and i32 %xs, 31
  %pk = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 %idx
  %e = load volatile i32, ptr addrspace(5) %pk
  %s1 = add i32 %s, %e
  %k1 = add i32 %k, 1
  %ck = icmp ult i32 %k1, 4
  br i1 %ck, label %read, label %done
done:
  %wi = lshr i32 %x, 27
  %pw = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 %wi
  store volatile i32 %g, ptr addrspace(5) %pw
  %ri = and i32 %x, 31
  %pr = getelementptr [32 x i32], ptr addrspace(5) %arr, i32 0, i32 %ri
  %rb = load volatile i32, ptr addrspace(5) %pr
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %s1, ptr addrspace(1) %p
  %g2 = add i32 %g, 128
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %g2
  store i32 %rb, ptr addrspace(1) %p2
  ret void
}
