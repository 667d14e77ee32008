; amdgpu_gfx calls: a callee taking VGPR and SGPR (inreg) arguments and returning two
; values, called in uniform code and again inside a divergent branch (odd lanes).
define internal amdgpu_gfx { i32, i32 } @mix(i32 %a, i32 %b, i32 inreg %k) noinline {
  %s = add i32 %a, %b
  %m = mul i32 %s, %k
  %d = sub i32 %a, %b
  %x = xor i32 %d, %k
  %r0 = insertvalue { i32, i32 } poison, i32 %m, 0
  %r1 = insertvalue { i32, i32 } %r0, i32 %x, 1
  ret { i32, i32 } %r1
}

define amdgpu_cs void @main(ptr addrspace(1) inreg %out, ptr addrspace(1) inreg %in, i32 inreg %wg, i32 inreg %n, i32 %lid) {
entry:
  %l = and i32 %lid, 1023
  %wb = shl i32 %wg, 6
  %g = add i32 %wb, %l
  %pa = getelementptr i32, ptr addrspace(1) %in, i32 %g
  %x = load i32, ptr addrspace(1) %pa
  %c1 = call amdgpu_gfx { i32, i32 } @mix(i32 %x, i32 %l, i32 inreg %n)
  %a = extractvalue { i32, i32 } %c1, 0
  %b = extractvalue { i32, i32 } %c1, 1
  %odd = and i32 %l, 1
  %isodd = icmp ne i32 %odd, 0
  br i1 %isodd, label %then, label %done
then:
  %c2 = call amdgpu_gfx { i32, i32 } @mix(i32 %a, i32 %b, i32 inreg 7)
  %a2 = extractvalue { i32, i32 } %c2, 0
  %b2 = extractvalue { i32, i32 } %c2, 1
  br label %done
done:
  %ra = phi i32 [ %a, %entry ], [ %a2, %then ]
  %rb = phi i32 [ %b, %entry ], [ %b2, %then ]
  %o = shl i32 %g, 1
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %o
  store i32 %ra, ptr addrspace(1) %p0
  %q1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %rb, ptr addrspace(1) %q1
  ret void
}
