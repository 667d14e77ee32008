; Recursion with a stack object and a divergent depth (l % 7): rec(d, x) fills an
; 8-word private array with x + i * d, recurses on (d - 1, x * 3 + 1) and returns
; the result plus buf[(x + d) & 7] (a dynamic index keeps the array in scratch).
define internal amdgpu_gfx i32 @rec(i32 %d, i32 %x) noinline {
entry:
  %buf = alloca [8 x i32], align 4, addrspace(5)
  br label %fill
fill:
  %i = phi i32 [ 0, %entry ], [ %i1, %fill ]
  %id = mul i32 %i, %d
  %v = add i32 %x, %id
  %pi = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %pi
  %i1 = add i32 %i, 1
  %more = icmp ult i32 %i1, 8
  br i1 %more, label %fill, label %filled
filled:
  %z = icmp eq i32 %d, 0
  br i1 %z, label %leaf, label %inner
leaf:
  ret i32 %x
inner:
  %d1 = sub i32 %d, 1
  %x3 = mul i32 %x, 3
  %x1 = add i32 %x3, 1
  %r = call amdgpu_gfx i32 @rec(i32 %d1, i32 %x1)
  %xd = add i32 %x, %d
  %k = and i32 %xd, 7
  %pk = getelementptr [8 x i32], ptr addrspace(5) %buf, i32 0, i32 %k
  %bk = load i32, ptr addrspace(5) %pk
  %s = add i32 %r, %bk
  ret i32 %s
}

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %d = urem i32 %l, 7
  %r = call amdgpu_gfx i32 @rec(i32 %d, i32 %x)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %p
  ret void
}
