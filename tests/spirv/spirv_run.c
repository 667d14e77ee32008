/* SPDX-License-Identifier: MIT */
/* The spirv suite: one GLSL compute shader (tests/spirv/NAME.comp, compiled to SPIR-V at
 * build time) run three ways with the same buffers, push constants, specialization
 * constants and dispatch:
 *
 *   - on lavapipe (Mesa's CPU Vulkan driver) through libvulkan: the oracle;
 *   - through aco_spirv_translate on libaco's reference interpreter;
 *   - through aco_spirv_translate + aco_compile on the emulator, for gfx1030, gfx1100 and
 *     gfx1200 in wave32 and wave64 (docs/spirv.md, "Resource layout", is how the
 *     descriptor table and the push constants are filled).
 *
 * Every byte of every buffer must match lavapipe's (a buffer named in a `ulp` line: its
 * 32-bit words as floats within that bound); the emulator must also match the interpreter
 * (within the interpreter's ULP tags), and `expect` lines are checked on lavapipe's output
 * so that a test asserts values nobody here computed.
 *
 * The shader's header comments:
 *   // buffer BINDING BYTES zero|iota|random|f32ramp [uniform]   a storage (or uniform)
 *                         buffer of set 0
 *   // push V...          push constant words (integers, or f:FLOAT)
 *   // spec ID=VALUE      a specialization constant (VALUE an integer, or f:FLOAT)
 *   // grid X Y Z         workgroups (default 1 1 1)
 *   // ulp BINDING N      compare that buffer as f32 words within N ULP of lavapipe's
 *   // expect BINDING OFFSET V...   32-bit words lavapipe must leave at byte OFFSET
 *   // unsupported TEXT   the translation must be refused as unsupported, with TEXT in the
 *                         message (nothing runs)
 *
 * Usage: spirv_run SHADER.spv SHADER.comp. Exit status 77 (skip) when lavapipe's ICD file is
 * not installed; `spirv_run --missing WHAT` always skips (the build found no glslang). */
#include "aco/aco.h"
#include "aco/aco_spirv.h"

#include "emu/emu.h"
#include "ir/interp.h"
#include "ir/ir.h"
#include "isel/entry_abi.h"

#include <vulkan/vulkan.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define MAX_BUFFERS 8
#define MAX_PUSH 32
#define MAX_SPECS 16
#define MAX_EXPECTS 16

#define TABLE_ADDR UINT64_C(0x10000000)
#define ARGBLOCK_ADDR UINT64_C(0x7f000000)
#define CODE_ADDR UINT64_C(0x80000000)
#define BUFFER_BASE UINT64_C(0x100000000)
#define BUFFER_STRIDE UINT64_C(0x1000000)

struct buffer {
   uint32_t binding, size;
   char fill[16];
   bool uniform; /* a uniform buffer, else a storage buffer */
   uint32_t ulp; /* 0: bytes compared exactly */
};

struct expect {
   uint32_t binding, offset, num;
   uint32_t words[16];
};

struct spec {
   struct buffer buffers[MAX_BUFFERS];
   unsigned num_buffers;
   uint32_t push[MAX_PUSH];
   unsigned num_push;
   aco_spirv_spec specs[MAX_SPECS];
   unsigned num_specs;
   uint32_t grid[3];
   struct expect expects[MAX_EXPECTS];
   unsigned num_expects;
   char unsupported[160];
};

static uint32_t
parse_word(const char *s, bool *ok)
{
   char *end;
   if (!strncmp(s, "f:", 2)) {
      float f = strtof(s + 2, &end);
      uint32_t u;
      memcpy(&u, &f, 4);
      *ok &= end != s + 2 && (*end == 0 || *end == ' ' || *end == '\n');
      return u;
   }
   long long v = strtoll(s, &end, 0);
   *ok &= end != s && v >= INT32_MIN && v <= (long long)UINT32_MAX;
   return (uint32_t)v;
}

/* Whitespace-separated words of `s` into out. */
static bool
parse_words(const char *s, uint32_t *out, unsigned max, unsigned *n)
{
   char tok[64];
   int k;
   bool ok = true;
   while (sscanf(s, " %63s%n", tok, &k) == 1) {
      if (*n == max)
         return false;
      out[(*n)++] = parse_word(tok, &ok);
      s += k;
   }
   return ok;
}

static struct buffer *
find_buffer(struct spec *sp, uint32_t binding)
{
   for (unsigned i = 0; i < sp->num_buffers; i++)
      if (sp->buffers[i].binding == binding)
         return &sp->buffers[i];
   return NULL;
}

static bool
parse_spec(const char *text, struct spec *sp, char *err, size_t errlen)
{
   memset(sp, 0, sizeof(*sp));
   sp->grid[0] = sp->grid[1] = sp->grid[2] = 1;
   for (const char *line = text; line && *line;) {
      const char *nl = strchr(line, '\n');
      size_t n = nl ? (size_t)(nl - line) : strlen(line);
      char l[512];
      snprintf(l, sizeof(l), "%.*s", (int)(n < 511 ? n : 511), line);
      line = nl ? nl + 1 : NULL;
      if (strncmp(l, "// ", 3))
         continue;
      char word[32];
      int used;
      if (sscanf(l + 3, "%31s%n", word, &used) != 1)
         continue;
      const char *rest = l + 3 + used;
      if (!strcmp(word, "buffer")) {
         struct buffer *b = &sp->buffers[sp->num_buffers];
         char kind[16] = "";
         if (sp->num_buffers == MAX_BUFFERS ||
             sscanf(rest, " %u %u %15s %15s", &b->binding, &b->size, b->fill, kind) < 3 ||
             b->size % 4 || !b->size || b->size > (1u << 20) ||
             b->binding >= ACO_SPIRV_SET_STRIDE || (kind[0] && strcmp(kind, "uniform")))
            return snprintf(err, errlen, "bad buffer line: %s", l), false;
         b->uniform = kind[0] != 0;
         sp->num_buffers++;
      } else if (!strcmp(word, "push")) {
         if (!parse_words(rest, sp->push, MAX_PUSH, &sp->num_push))
            return snprintf(err, errlen, "bad push line: %s", l), false;
      } else if (!strcmp(word, "spec")) {
         unsigned id;
         char v[64];
         bool ok = true;
         if (sp->num_specs == MAX_SPECS || sscanf(rest, " %u=%63s", &id, v) != 2)
            return snprintf(err, errlen, "bad spec line: %s", l), false;
         sp->specs[sp->num_specs].id = id;
         sp->specs[sp->num_specs++].value = parse_word(v, &ok);
         if (!ok)
            return snprintf(err, errlen, "bad spec value: %s", l), false;
      } else if (!strcmp(word, "grid")) {
         if (sscanf(rest, " %u %u %u", &sp->grid[0], &sp->grid[1], &sp->grid[2]) != 3)
            return snprintf(err, errlen, "bad grid line: %s", l), false;
      } else if (!strcmp(word, "ulp")) {
         unsigned binding, ulp;
         struct buffer *b;
         if (sscanf(rest, " %u %u", &binding, &ulp) != 2 || !(b = find_buffer(sp, binding)) || !ulp)
            return snprintf(err, errlen, "bad ulp line (a buffer above, N > 0): %s", l), false;
         b->ulp = ulp;
      } else if (!strcmp(word, "expect")) {
         struct expect *e = &sp->expects[sp->num_expects];
         int k;
         struct buffer *b;
         if (sp->num_expects == MAX_EXPECTS ||
             sscanf(rest, " %u %u%n", &e->binding, &e->offset, &k) != 2 ||
             !(b = find_buffer(sp, e->binding)) || e->offset % 4 ||
             !parse_words(rest + k, e->words, 16, &e->num) || !e->num ||
             e->offset + 4 * e->num > b->size)
            return snprintf(err, errlen, "bad expect line: %s", l), false;
         sp->num_expects++;
      } else if (!strcmp(word, "unsupported")) {
         snprintf(sp->unsupported, sizeof(sp->unsupported), "%s", rest + (*rest == ' '));
      }
   }
   if (!sp->num_buffers && !sp->unsupported[0])
      return snprintf(err, errlen, "no buffer lines"), false;
   return true;
}

static void
fill(uint8_t *d, uint32_t size, const char *how)
{
   uint32_t seed = 0x2545f491u;
   for (uint32_t i = 0; i < size; i += 4) {
      uint32_t v = 0;
      if (!strcmp(how, "iota")) {
         v = i / 4;
      } else if (!strcmp(how, "random")) {
         seed = seed * 1664525u + 1013904223u;
         v = seed;
      } else if (!strcmp(how, "f32ramp")) {
         float f = (float)(i / 4) * 0.75f - 10.0f;
         memcpy(&v, &f, 4);
      }
      memcpy(d + i, &v, 4);
   }
}

static char *
read_file(const char *path, size_t *len)
{
   FILE *f = fopen(path, "rb");
   if (!f)
      return NULL;
   fseek(f, 0, SEEK_END);
   long n = ftell(f);
   fseek(f, 0, SEEK_SET);
   char *d = n >= 0 ? malloc((size_t)n + 1) : NULL;
   if (d && fread(d, 1, (size_t)n, f) != (size_t)n) {
      free(d);
      d = NULL;
   }
   fclose(f);
   if (d) {
      d[n] = 0;
      *len = (size_t)n;
   }
   return d;
}

/* ---- lavapipe ------------------------------------------------------------------------- */

#define VK(call, what)                                                                             \
   do {                                                                                            \
      VkResult r_ = (call);                                                                        \
      if (r_ != VK_SUCCESS) {                                                                      \
         snprintf(msg, msglen, "lavapipe: %s failed (%d)", what, (int)r_);                         \
         goto out;                                                                                 \
      }                                                                                            \
   } while (0)

static VkDescriptorType
dtype(const struct buffer *b)
{
   return b->uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
}

/* Runs the shader on lavapipe; mem[i] holds buffer i's initial contents, then the result. */
static bool
run_lavapipe(const uint32_t *code, size_t code_bytes, const struct spec *sp, uint8_t **mem,
             char *msg, size_t msglen)
{
   bool ok = false;
   VkInstance inst = VK_NULL_HANDLE;
   VkDevice dev = VK_NULL_HANDLE;
   VkBuffer bufs[MAX_BUFFERS] = {0};
   VkDeviceMemory mems[MAX_BUFFERS] = {0};
   VkDescriptorSetLayout dsl = VK_NULL_HANDLE;
   VkPipelineLayout pl = VK_NULL_HANDLE;
   VkShaderModule sm = VK_NULL_HANDLE;
   VkPipeline pipe = VK_NULL_HANDLE;
   VkDescriptorPool pool = VK_NULL_HANDLE;
   VkCommandPool cpool = VK_NULL_HANDLE;
   VkFence fence = VK_NULL_HANDLE;

   VkApplicationInfo app = {
       VK_STRUCTURE_TYPE_APPLICATION_INFO, NULL, "spirv_run", 1, "libaco", 1, VK_API_VERSION_1_2};
   VkInstanceCreateInfo ici = {
       VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO, NULL, 0, &app, 0, NULL, 0, NULL};
   VK(vkCreateInstance(&ici, NULL, &inst), "vkCreateInstance");
   uint32_t ndev = 1;
   VkPhysicalDevice pd;
   VkResult er = vkEnumeratePhysicalDevices(inst, &ndev, &pd);
   if ((er != VK_SUCCESS && er != VK_INCOMPLETE) || ndev == 0) {
      snprintf(msg, msglen, "lavapipe: no Vulkan device");
      goto out;
   }
   VkPhysicalDeviceProperties props;
   vkGetPhysicalDeviceProperties(pd, &props);
   if (props.deviceType != VK_PHYSICAL_DEVICE_TYPE_CPU) {
      snprintf(msg, msglen, "lavapipe: the device is %s, not a CPU device (VK_ICD_FILENAMES?)",
               props.deviceName);
      goto out;
   }
   uint32_t nq = 8;
   VkQueueFamilyProperties qf[8];
   vkGetPhysicalDeviceQueueFamilyProperties(pd, &nq, qf);
   uint32_t qfi = 0;
   while (qfi < nq && !(qf[qfi].queueFlags & VK_QUEUE_COMPUTE_BIT))
      qfi++;
   if (qfi == nq) {
      snprintf(msg, msglen, "lavapipe: no compute queue");
      goto out;
   }
   float prio = 1.0f;
   VkDeviceQueueCreateInfo qci = {
       VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO, NULL, 0, qfi, 1, &prio};
   VkPhysicalDeviceFeatures feats;
   vkGetPhysicalDeviceFeatures(pd, &feats);
   VkPhysicalDeviceFeatures want;
   memset(&want, 0, sizeof(want));
   want.shaderInt64 = feats.shaderInt64;
   want.shaderFloat64 = feats.shaderFloat64;
   want.shaderInt16 = feats.shaderInt16;
   VkDeviceCreateInfo dci = {
       VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, NULL, 0, 1, &qci, 0, NULL, 0, NULL, &want};
   VK(vkCreateDevice(pd, &dci, NULL, &dev), "vkCreateDevice");
   VkQueue queue;
   vkGetDeviceQueue(dev, qfi, 0, &queue);
   VkPhysicalDeviceMemoryProperties mp;
   vkGetPhysicalDeviceMemoryProperties(pd, &mp);

   VkDescriptorSetLayoutBinding lb[MAX_BUFFERS];
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      const struct buffer *b = &sp->buffers[i];
      VkBufferCreateInfo bci = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO,
                                NULL,
                                0,
                                b->size,
                                b->uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT
                                           : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT,
                                VK_SHARING_MODE_EXCLUSIVE,
                                0,
                                NULL};
      VK(vkCreateBuffer(dev, &bci, NULL, &bufs[i]), "vkCreateBuffer");
      VkMemoryRequirements req;
      vkGetBufferMemoryRequirements(dev, bufs[i], &req);
      uint32_t type = 0;
      VkMemoryPropertyFlags want_flags =
          VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      while (type < mp.memoryTypeCount &&
             (!(req.memoryTypeBits & (1u << type)) ||
              (mp.memoryTypes[type].propertyFlags & want_flags) != want_flags))
         type++;
      if (type == mp.memoryTypeCount) {
         snprintf(msg, msglen, "lavapipe: no host-visible memory type");
         goto out;
      }
      VkMemoryAllocateInfo mai = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, NULL, req.size, type};
      VK(vkAllocateMemory(dev, &mai, NULL, &mems[i]), "vkAllocateMemory");
      VK(vkBindBufferMemory(dev, bufs[i], mems[i], 0), "vkBindBufferMemory");
      void *map;
      VK(vkMapMemory(dev, mems[i], 0, b->size, 0, &map), "vkMapMemory");
      memcpy(map, mem[i], b->size);
      vkUnmapMemory(dev, mems[i]);
      lb[i] = (VkDescriptorSetLayoutBinding){b->binding, dtype(b), 1, VK_SHADER_STAGE_COMPUTE_BIT,
                                             NULL};
   }
   VkDescriptorSetLayoutCreateInfo dslci = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
                                            NULL, 0, sp->num_buffers, lb};
   VK(vkCreateDescriptorSetLayout(dev, &dslci, NULL, &dsl), "vkCreateDescriptorSetLayout");
   VkPushConstantRange pcr = {VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 * sp->num_push};
   VkPipelineLayoutCreateInfo plci = {VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
                                      NULL,
                                      0,
                                      1,
                                      &dsl,
                                      sp->num_push ? 1u : 0u,
                                      &pcr};
   VK(vkCreatePipelineLayout(dev, &plci, NULL, &pl), "vkCreatePipelineLayout");
   VkShaderModuleCreateInfo smci = {VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, NULL, 0,
                                    code_bytes, code};
   VK(vkCreateShaderModule(dev, &smci, NULL, &sm), "vkCreateShaderModule");
   VkSpecializationMapEntry sme[MAX_SPECS];
   uint64_t spec_data[MAX_SPECS];
   for (unsigned i = 0; i < sp->num_specs; i++) {
      /* every constant of the corpus is 32 bits wide */
      sme[i] = (VkSpecializationMapEntry){sp->specs[i].id, (uint32_t)(8 * i), 4};
      spec_data[i] = sp->specs[i].value;
   }
   VkSpecializationInfo si = {sp->num_specs, sme, 8 * sp->num_specs, spec_data};
   VkComputePipelineCreateInfo cpci = {VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
                                       NULL,
                                       0,
                                       {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL,
                                        0, VK_SHADER_STAGE_COMPUTE_BIT, sm, "main",
                                        sp->num_specs ? &si : NULL},
                                       pl,
                                       VK_NULL_HANDLE,
                                       0};
   VK(vkCreateComputePipelines(dev, VK_NULL_HANDLE, 1, &cpci, NULL, &pipe),
      "vkCreateComputePipelines");
   VkDescriptorPoolSize ps[2] = {{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, MAX_BUFFERS},
                                 {VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, MAX_BUFFERS}};
   VkDescriptorPoolCreateInfo dpci = {
       VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, NULL, 0, 1, 2, ps};
   VK(vkCreateDescriptorPool(dev, &dpci, NULL, &pool), "vkCreateDescriptorPool");
   VkDescriptorSet set;
   VkDescriptorSetAllocateInfo dsai = {VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, NULL, pool,
                                       1, &dsl};
   VK(vkAllocateDescriptorSets(dev, &dsai, &set), "vkAllocateDescriptorSets");
   VkDescriptorBufferInfo dbi[MAX_BUFFERS];
   VkWriteDescriptorSet wds[MAX_BUFFERS];
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      dbi[i] = (VkDescriptorBufferInfo){bufs[i], 0, VK_WHOLE_SIZE};
      wds[i] = (VkWriteDescriptorSet){VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET,
                                      NULL,
                                      set,
                                      sp->buffers[i].binding,
                                      0,
                                      1,
                                      dtype(&sp->buffers[i]),
                                      NULL,
                                      &dbi[i],
                                      NULL};
   }
   vkUpdateDescriptorSets(dev, sp->num_buffers, wds, 0, NULL);
   VkCommandPoolCreateInfo cpi = {VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO, NULL, 0, qfi};
   VK(vkCreateCommandPool(dev, &cpi, NULL, &cpool), "vkCreateCommandPool");
   VkCommandBuffer cb;
   VkCommandBufferAllocateInfo cbai = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, NULL, cpool,
                                       VK_COMMAND_BUFFER_LEVEL_PRIMARY, 1};
   VK(vkAllocateCommandBuffers(dev, &cbai, &cb), "vkAllocateCommandBuffers");
   VkCommandBufferBeginInfo cbbi = {VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO, NULL,
                                    VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT, NULL};
   VK(vkBeginCommandBuffer(cb, &cbbi), "vkBeginCommandBuffer");
   vkCmdBindPipeline(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pipe);
   vkCmdBindDescriptorSets(cb, VK_PIPELINE_BIND_POINT_COMPUTE, pl, 0, 1, &set, 0, NULL);
   if (sp->num_push)
      vkCmdPushConstants(cb, pl, VK_SHADER_STAGE_COMPUTE_BIT, 0, 4 * sp->num_push, sp->push);
   vkCmdDispatch(cb, sp->grid[0], sp->grid[1], sp->grid[2]);
   VkMemoryBarrier mb = {VK_STRUCTURE_TYPE_MEMORY_BARRIER, NULL, VK_ACCESS_SHADER_WRITE_BIT,
                         VK_ACCESS_HOST_READ_BIT};
   vkCmdPipelineBarrier(cb, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1,
                        &mb, 0, NULL, 0, NULL);
   VK(vkEndCommandBuffer(cb), "vkEndCommandBuffer");
   VkFenceCreateInfo fci = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO, NULL, 0};
   VK(vkCreateFence(dev, &fci, NULL, &fence), "vkCreateFence");
   VkSubmitInfo subi = {VK_STRUCTURE_TYPE_SUBMIT_INFO, NULL, 0, NULL, NULL, 1, &cb, 0, NULL};
   VK(vkQueueSubmit(queue, 1, &subi, fence), "vkQueueSubmit");
   VK(vkWaitForFences(dev, 1, &fence, VK_TRUE, UINT64_C(60000000000)), "vkWaitForFences");
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      void *map;
      VK(vkMapMemory(dev, mems[i], 0, sp->buffers[i].size, 0, &map), "vkMapMemory");
      memcpy(mem[i], map, sp->buffers[i].size);
      vkUnmapMemory(dev, mems[i]);
   }
   ok = true;
out:
   if (dev) {
      vkDestroyFence(dev, fence, NULL);
      vkDestroyCommandPool(dev, cpool, NULL);
      vkDestroyDescriptorPool(dev, pool, NULL);
      vkDestroyPipeline(dev, pipe, NULL);
      vkDestroyShaderModule(dev, sm, NULL);
      vkDestroyPipelineLayout(dev, pl, NULL);
      vkDestroyDescriptorSetLayout(dev, dsl, NULL);
      for (unsigned i = 0; i < sp->num_buffers; i++) {
         vkDestroyBuffer(dev, bufs[i], NULL);
         vkFreeMemory(dev, mems[i], NULL);
      }
      vkDestroyDevice(dev, NULL);
   }
   if (inst)
      vkDestroyInstance(inst, NULL);
   return ok;
}

static bool
write_all(int fd, const void *d, size_t n)
{
   const uint8_t *p = d;
   while (n) {
      ssize_t k = write(fd, p, n);
      if (k <= 0)
         return false;
      p += k;
      n -= (size_t)k;
   }
   return true;
}

static bool
read_all(int fd, void *d, size_t n)
{
   uint8_t *p = d;
   while (n) {
      ssize_t k = read(fd, p, n);
      if (k <= 0)
         return false;
      p += k;
      n -= (size_t)k;
   }
   return true;
}

/* run_lavapipe in a child process that leaves with _exit: the driver's own allocations
 * (which it keeps until unloaded) are not this program's leaks, also under LeakSanitizer;
 * the results come back through a pipe. */
static bool
run_lavapipe_apart(const uint32_t *code, size_t code_bytes, const struct spec *sp, uint8_t **mem,
                   char *msg, size_t msglen)
{
   int fds[2];
   if (pipe(fds) != 0)
      return snprintf(msg, msglen, "pipe failed"), false;
   fflush(NULL);
   pid_t pid = fork();
   if (pid < 0) {
      close(fds[0]);
      close(fds[1]);
      return snprintf(msg, msglen, "fork failed"), false;
   }
   if (pid == 0) {
      close(fds[0]);
      uint8_t ok = run_lavapipe(code, code_bytes, sp, mem, msg, msglen);
      bool w = write_all(fds[1], &ok, 1) && write_all(fds[1], msg, msglen);
      for (unsigned i = 0; i < sp->num_buffers && ok && w; i++)
         w = write_all(fds[1], mem[i], sp->buffers[i].size);
      close(fds[1]);
      _exit(w ? 0 : 1);
   }
   close(fds[1]);
   uint8_t ok = 0;
   bool r = read_all(fds[0], &ok, 1) && read_all(fds[0], msg, msglen);
   for (unsigned i = 0; i < sp->num_buffers && ok && r; i++)
      r = read_all(fds[0], mem[i], sp->buffers[i].size);
   close(fds[0]);
   int st = 0;
   waitpid(pid, &st, 0);
   if (!r || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
      snprintf(msg, msglen, "lavapipe: the child process failed (status 0x%x)", st);
      return false;
   }
   msg[msglen - 1] = 0;
   return ok;
}

/* ---- libaco --------------------------------------------------------------------------- */

static bool
f32_within(uint32_t a, uint32_t b, uint32_t ulp)
{
   if (a == b)
      return true;
   float fa, fb;
   memcpy(&fa, &a, 4);
   memcpy(&fb, &b, 4);
   if (isnan(fa) || isnan(fb))
      return isnan(fa) && isnan(fb);
   /* ULP distance on the ordered integer line of floats */
   int64_t ia = (int32_t)a < 0 ? (int64_t)INT32_MIN - (int32_t)a : (int32_t)a;
   int64_t ib = (int32_t)b < 0 ? (int64_t)INT32_MIN - (int32_t)b : (int32_t)b;
   return llabs(ia - ib) <= ulp;
}

/* got against want (lavapipe's, or the interpreter's with its ULP tags). */
static bool
compare(const struct spec *sp, uint8_t *const *want, uint8_t *const *got,
        const struct air_interp_buffer *tags, const char *wname, const char *gname, char *msg,
        size_t msglen)
{
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      for (uint32_t off = 0; off < sp->buffers[i].size; off += 4) {
         uint32_t e, g;
         memcpy(&e, want[i] + off, 4);
         memcpy(&g, got[i] + off, 4);
         uint32_t ulp = sp->buffers[i].ulp;
         if (tags) {
            unsigned t = tags[i].ulp ? tags[i].ulp[off] : 0;
            if (t == 255)
               continue;
            ulp = t ? t : 0;
         }
         if (ulp ? f32_within(e, g, ulp) : e == g)
            continue;
         float fe, fg;
         memcpy(&fe, &e, 4);
         memcpy(&fg, &g, 4);
         snprintf(msg, msglen, "binding %u byte %u: %s 0x%08x (%d, %g), %s 0x%08x (%d, %g)",
                  sp->buffers[i].binding, off, wname, e, (int32_t)e, fe, gname, g, (int32_t)g, fg);
         return false;
      }
   }
   return true;
}

/* The entry's arguments by docs/spirv.md's layout. */
static void
make_args(const struct spec *sp, const aco_spirv_layout *lay, struct air_interp_arg *args)
{
   memset(args, 0, sizeof(*args) * (4 + MAX_PUSH));
   args[0].c[0] = TABLE_ADDR;
   if (lay->num_workgroups_param)
      for (unsigned i = 0; i < 3; i++)
         args[1 + i].c[0] = sp->grid[i];
   for (unsigned i = 0; i < lay->push_dwords; i++)
      args[lay->first_push_param + i].c[0] = i < sp->num_push ? sp->push[i] : 0;
}

/* The descriptor table: 16 bytes per slot (address, size), slot = binding of set 0. */
static void
make_table(const struct spec *sp, uint8_t *table)
{
   memset(table, 0, 16 * ACO_SPIRV_SET_STRIDE);
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      uint64_t e[2] = {BUFFER_BASE + BUFFER_STRIDE * i, sp->buffers[i].size};
      memcpy(table + 16 * sp->buffers[i].binding, e, 16);
   }
}

static bool
translate(const uint32_t *code, size_t words, const struct spec *sp, aco_target target,
          aco_program **p, aco_function **entry, aco_spirv_layout *lay, aco_status *status,
          char *msg, size_t msglen)
{
   aco_program_info info = {sizeof(info), target, NULL, NULL, NULL};
   if (aco_program_create(&info, p) != ACO_SUCCESS)
      return snprintf(msg, msglen, "out of memory"), false;
   aco_spirv_options o;
   memset(&o, 0, sizeof(o));
   o.struct_size = sizeof(o);
   o.num_specs = sp->num_specs;
   o.specs = sp->specs;
   *status = aco_spirv_translate(*p, code, words, &o, entry, lay, msg, msglen);
   return *status == ACO_SUCCESS;
}

/* The interpreter's run (interp[] filled like lavapipe's input; tags kept in ib). */
static bool
run_interp(const uint32_t *code, size_t words, const struct spec *sp, uint8_t **mem, uint8_t *table,
           struct air_interp_buffer *all, aco_program **keep, char *msg, size_t msglen)
{
   aco_program *p;
   aco_function *entry;
   aco_spirv_layout lay;
   aco_status s;
   aco_target t = {ACO_GFX1100, 32};
   if (!translate(code, words, sp, t, &p, &entry, &lay, &s, msg, msglen)) {
      aco_program_destroy(p);
      return false;
   }
   make_table(sp, table);
   for (unsigned i = 0; i < sp->num_buffers; i++) {
      all[i].address = BUFFER_BASE + BUFFER_STRIDE * i;
      all[i].size = sp->buffers[i].size;
      all[i].data = mem[i];
   }
   all[sp->num_buffers].address = TABLE_ADDR;
   all[sp->num_buffers].size = 16 * ACO_SPIRV_SET_STRIDE;
   all[sp->num_buffers].data = table;
   struct air_interp_arg args[4 + MAX_PUSH];
   make_args(sp, &lay, args);
   struct air_interp_options io;
   memset(&io, 0, sizeof(io));
   memcpy(io.grid, sp->grid, sizeof(io.grid));
   struct air_interp_memory im = {all, sp->num_buffers + 1};
   struct air_interp_result res;
   enum air_fault f = air_interp_run(p, entry, &io, &im, args, &res);
   if (f != AIR_FAULT_NONE) {
      snprintf(msg, msglen, "interpreter: %s: %s", air_fault_name(f), aco_program_message(p));
      air_interp_memory_finish(p, &im);
      aco_program_destroy(p);
      return false;
   }
   *keep = p;
   return true;
}

static bool
run_emulator(const uint32_t *code, size_t words, const struct spec *sp, aco_target target,
             uint8_t **mem, char *msg, size_t msglen)
{
   aco_program *p = NULL;
   aco_function *entry;
   aco_spirv_layout lay;
   aco_status s;
   aco_binary *bin = NULL;
   struct aco_emu *emu = NULL;
   bool ok = false;
   uint8_t table[16 * ACO_SPIRV_SET_STRIDE];
   uint8_t argblock[1024];
   if (!translate(code, words, sp, target, &p, &entry, &lay, &s, msg, msglen))
      goto out;
   aco_compile_options opts = {sizeof(opts), ACO_COMPILE_DISASSEMBLY, 0, 0, 0, 0};
   if ((s = aco_compile(p, &opts, NULL, &bin)) != ACO_SUCCESS) {
      snprintf(msg, msglen, "compile: %s: %s", aco_status_string(s), aco_program_message(p));
      goto out;
   }
   make_table(sp, table);
   emu = aco_emu_create(NULL, target);
   if (!emu) {
      snprintf(msg, msglen, "emulator: out of memory");
      goto out;
   }
   for (unsigned i = 0; i < sp->num_buffers; i++)
      aco_emu_map(emu, BUFFER_BASE + BUFFER_STRIDE * i, mem[i], sp->buffers[i].size, 0);
   aco_emu_map(emu, TABLE_ADDR, table, sizeof(table), ACO_EMU_MEM_READONLY);
   aco_emu_map(emu, ARGBLOCK_ADDR, argblock, sizeof(argblock), ACO_EMU_MEM_READONLY);
   aco_emu_load_code(emu, bin->code, bin->code_size, CODE_ADDR);
   struct air_interp_arg args[4 + MAX_PUSH];
   make_args(sp, &lay, args);
   struct aco_emu_launch launch;
   s = aco_entry_fill_launch(entry, bin, args, sp->grid, ARGBLOCK_ADDR, argblock, sizeof(argblock),
                             0, &launch);
   if (s != ACO_SUCCESS) {
      snprintf(msg, msglen, "launch: %s", aco_status_string(s));
      goto out;
   }
   if ((s = aco_emu_run(emu, &launch)) != ACO_SUCCESS) {
      snprintf(msg, msglen, "emulator: %s", aco_emu_message(emu));
      goto out;
   }
   ok = true;
out:
   aco_emu_destroy(emu);
   aco_binary_destroy(bin);
   aco_program_destroy(p);
   return ok;
}

static const char *
lavapipe_icd(void)
{
   static const char *paths[] = {"/usr/share/vulkan/icd.d/lvp_icd.x86_64.json",
                                 "/usr/share/vulkan/icd.d/lvp_icd.aarch64.json"};
   for (unsigned i = 0; i < sizeof(paths) / sizeof(paths[0]); i++)
      if (access(paths[i], R_OK) == 0)
         return paths[i];
   return NULL;
}

int
main(int argc, char **argv)
{
   if (argc == 3 && !strcmp(argv[1], "--missing")) {
      printf("SKIP: %s is not installed\n", argv[2]);
      return 77;
   }
   if (argc != 3) {
      fprintf(stderr, "usage: spirv_run SHADER.spv SHADER.comp\n");
      return 1;
   }
   size_t code_len, text_len;
   char *code = read_file(argv[1], &code_len);
   char *text = read_file(argv[2], &text_len);
   char msg[4096] = "";
   struct spec sp;
   int rc = 1;
   uint8_t *lvp[MAX_BUFFERS] = {0}, *interp[MAX_BUFFERS] = {0}, *emu[MAX_BUFFERS] = {0};
   aco_program *interp_prog = NULL;
   struct air_interp_buffer ib[MAX_BUFFERS + 1];
   uint8_t table[16 * ACO_SPIRV_SET_STRIDE];
   memset(ib, 0, sizeof(ib));
   if (!code || !text || code_len % 4 || code_len < 20) {
      fprintf(stderr, "FAIL: cannot read %s or %s\n", argv[1], argv[2]);
      goto done;
   }
   if (!parse_spec(text, &sp, msg, sizeof(msg))) {
      fprintf(stderr, "FAIL: %s: %s\n", argv[2], msg);
      goto done;
   }
   const uint32_t *words = (const uint32_t *)code;
   size_t nwords = code_len / 4;

   if (sp.unsupported[0]) {
      aco_program *p = NULL;
      aco_function *entry;
      aco_spirv_layout lay;
      aco_status s;
      aco_target t = {ACO_GFX1100, 32};
      bool ok = translate(words, nwords, &sp, t, &p, &entry, &lay, &s, msg, sizeof(msg));
      aco_program_destroy(p);
      if (ok || s != ACO_ERROR_UNSUPPORTED || !strstr(msg, sp.unsupported) ||
          !strstr(msg, "word ")) {
         fprintf(stderr,
                 "FAIL: expected an unsupported error naming '%s' and a word offset, got "
                 "%s: %s\n",
                 sp.unsupported, ok ? "success" : aco_status_string(s), msg);
         goto done;
      }
      printf("PASS: refused as expected: %s\n", msg);
      rc = 0;
      goto done;
   }

   for (unsigned i = 0; i < sp.num_buffers; i++) {
      lvp[i] = malloc(sp.buffers[i].size);
      interp[i] = malloc(sp.buffers[i].size);
      emu[i] = malloc(sp.buffers[i].size);
      if (!lvp[i] || !interp[i] || !emu[i]) {
         fprintf(stderr, "FAIL: out of memory\n");
         goto done;
      }
      fill(lvp[i], sp.buffers[i].size, sp.buffers[i].fill);
      memcpy(interp[i], lvp[i], sp.buffers[i].size);
   }

   /* lavapipe */
   const char *icd = lavapipe_icd();
   if (!icd) {
      printf("SKIP: lavapipe (mesa-vulkan-drivers) is not installed\n");
      rc = 77;
      goto done;
   }
   setenv("VK_ICD_FILENAMES", icd, 1);
   setenv("VK_DRIVER_FILES", icd, 1);
   if (!run_lavapipe_apart(words, code_len, &sp, lvp, msg, sizeof(msg))) {
      fprintf(stderr, "FAIL: %s\n", msg);
      goto done;
   }
   for (unsigned i = 0; i < sp.num_expects; i++) {
      const struct expect *e = &sp.expects[i];
      unsigned b = 0;
      while (sp.buffers[b].binding != e->binding)
         b++;
      for (unsigned k = 0; k < e->num; k++) {
         uint32_t g;
         memcpy(&g, lvp[b] + e->offset + 4 * k, 4);
         if (g != e->words[k]) {
            fprintf(stderr,
                    "FAIL: expect: binding %u byte %u: lavapipe wrote 0x%08x (%d), the "
                    "test expects 0x%08x (%d)\n",
                    e->binding, e->offset + 4 * k, g, (int32_t)g, e->words[k],
                    (int32_t)e->words[k]);
            goto done;
         }
      }
   }

   /* the reference interpreter */
   if (!run_interp(words, nwords, &sp, interp, table, ib, &interp_prog, msg, sizeof(msg)) ||
       !compare(&sp, lvp, interp, NULL, "lavapipe", "interpreter", msg, sizeof(msg))) {
      fprintf(stderr, "FAIL: %s\n", msg);
      goto done;
   }

   /* the emulator: 3 levels x 2 wave sizes */
   static const aco_gfx_level levels[3] = {ACO_GFX1030, ACO_GFX1100, ACO_GFX1200};
   int failures = 0;
   for (unsigned l = 0; l < 3; l++) {
      for (unsigned wv = 32; wv <= 64; wv += 32) {
         aco_target t = {levels[l], wv};
         for (unsigned i = 0; i < sp.num_buffers; i++)
            fill(emu[i], sp.buffers[i].size, sp.buffers[i].fill);
         bool ok = run_emulator(words, nwords, &sp, t, emu, msg, sizeof(msg)) &&
                   compare(&sp, lvp, emu, NULL, "lavapipe", "emulator", msg, sizeof(msg)) &&
                   compare(&sp, interp, emu, ib, "interpreter", "emulator", msg, sizeof(msg));
         printf("%s %s wave%u%s%s\n", ok ? "ok  " : "FAIL", aco_gfx_level_name(levels[l]), wv,
                ok ? "" : ": ", ok ? "" : msg);
         failures += !ok;
      }
   }
   rc = failures ? 1 : 0;
done:
   if (interp_prog) {
      struct air_interp_memory im = {ib, sp.num_buffers + 1};
      air_interp_memory_finish(interp_prog, &im);
      aco_program_destroy(interp_prog);
   }
   for (unsigned i = 0; i < MAX_BUFFERS; i++) {
      free(lvp[i]);
      free(interp[i]);
      free(emu[i]);
   }
   free(code);
   free(text);
   return rc;
}
