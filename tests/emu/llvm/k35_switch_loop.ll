; Nested loops with continue and break and a switch in the body: for i < 24: skip
; i % 3 == 2, stop when the accumulator's bit 20 is set; by (x + i) % 5: add, xor,
; multiply, rotate, or an inner loop of x % 4 steps. out[g] = acc, out[128 + g] = i.
define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x0 = load i32, ptr addrspace(1) %pa
  %x = and i32 %x0, 65535
  br label %head
head:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %acc = phi i32 [ 1, %entry ], [ %acc2, %latch ]
  %m3 = urem i32 %i, 3
  %skip = icmp eq i32 %m3, 2
  br i1 %skip, label %latch, label %body
body:
  %xi = add i32 %x, %i
  %sel = urem i32 %xi, 5
  switch i32 %sel, label %c4 [
    i32 0, label %c0
    i32 1, label %c1
    i32 2, label %c2
    i32 3, label %c3
  ]
c0:
  %v0 = add i32 %acc, %xi
  br label %join
c1:
  %v1 = xor i32 %acc, %x
  br label %join
c2:
  %v2 = mul i32 %acc, 3
  br label %join
c3:
  %v3 = call i32 @llvm.fshl.i32(i32 %acc, i32 %acc, i32 5)
  br label %join
c4:
  %k = and i32 %x, 3
  br label %inner
inner:
  %j = phi i32 [ 0, %c4 ], [ %j1, %inner ]
  %ia = phi i32 [ %acc, %c4 ], [ %ia1, %inner ]
  %ia1 = add i32 %ia, 7
  %j1 = add i32 %j, 1
  %more = icmp ule i32 %j1, %k
  br i1 %more, label %inner, label %join
join:
  %acc1 = phi i32 [ %v0, %c0 ], [ %v1, %c1 ], [ %v2, %c2 ], [ %v3, %c3 ], [ %ia1, %inner ]
  %bit = and i32 %acc1, 1048576
  %stop = icmp ne i32 %bit, 0
  br i1 %stop, label %done, label %latch
latch:
  %acc2 = phi i32 [ %acc, %head ], [ %acc1, %join ]
  %i1 = add i32 %i, 1
  %c = icmp ult i32 %i1, 24
  br i1 %c, label %head, label %done
done:
  %racc = phi i32 [ %acc1, %join ], [ %acc2, %latch ]
  %ri = phi i32 [ %i, %join ], [ %i1, %latch ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %racc, ptr addrspace(1) %p
  %g2 = add i32 %g, 128
  %p2 = getelementptr i32, ptr addrspace(1) %out, i32 %g2
  store i32 %ri, ptr addrspace(1) %p2
  ret void
}
declare i32 @llvm.fshl.i32(i32, i32, i32)
