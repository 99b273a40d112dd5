import { describe, expect, it } from 'vitest';
import { ApiError, failureKind } from './client';

describe('how a failed call is shown', () => {
  it('warns with the text of an answer whose code is not 1, and shows HTTP and network failures as errors', () => {
    expect(failureKind(new ApiError('该应用不存在', 200, 0))).toBe('warning');
    expect(failureKind(new ApiError('请先登录', 401, 0))).toBe('error');
    expect(failureKind(new ApiError('网络连接失败', 0))).toBe('error');
    expect(failureKind(new ApiError('服务器错误', 500))).toBe('error');
    expect(failureKind(new Error('boom'))).toBe('error');
  });
});
